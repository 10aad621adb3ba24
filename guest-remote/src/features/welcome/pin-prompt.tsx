import { useState, type FormEvent } from 'react';
import { Button, Field } from '@momentos/design-kit';
import { pinTexts as texts } from './pin-texts';

/** 'Digite o PIN do evento' (issue 12): asked once per device; the server checks it. */
export function PinPrompt({ error, onPin }: { error: string | null; onPin: (pin: string) => void }) {
  const [pin, setPin] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = (form: FormEvent) => {
    form.preventDefault();
    const typed = pin.trim();
    if (!/^\d{4,8}$/.test(typed)) {
      setInvalid(texts.pinInvalid);
      return;
    }
    onPin(typed);
  };
  return (
    <main className="guest-albums guest-pin">
      <h1>{texts.pinTitle}</h1>
      <form className="guest-pin__form" onSubmit={submit} noValidate>
        <Field id="event-pin" label={texts.pinLabel} hint={texts.pinHint} error={invalid ?? error ?? undefined} errorRole="alert">
          {(control) => (
            <input
              {...control}
              value={pin}
              onChange={(input) => {
                setPin(input.target.value);
                setInvalid(null);
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={8}
            />
          )}
        </Field>
        <Button type="submit" block>
          {texts.pinContinue}
        </Button>
      </form>
    </main>
  );
}
