import { useState, type FormEvent } from 'react';
import { Button } from '../button/button';
import { Field } from '../field/field';
import './pin-prompt.css';

/** The PIN prompt's strings (issue 12; 'Digite o PIN do evento' is the text). */
export const pinPromptTexts = {
  pinTitle: 'Digite o PIN do evento',
  pinLabel: 'PIN do evento',
  pinHint: 'Quem organiza o evento informa o PIN. Você só digita uma vez neste aparelho.',
  pinContinue: 'Continuar',
  pinInvalid: 'O PIN tem de 4 a 8 números.',
} as const;

export interface PinPromptProps {
  /** The server's words after a refusal (a wrong or changed PIN, too many tries); null before any. */
  error: string | null;
  onPin: (pin: string) => void;
  /** The page's own layout class for the prompt's `<main>` (it stands where the page's content would). */
  className?: string;
}

/**
 * 'Digite o PIN do evento' (issues 12 and 22): asked once per device, in place on every guest page of
 * a PIN event (the album list, a gallery link, the upload link); the server checks it.
 */
export function PinPrompt({ error, onPin, className }: PinPromptProps) {
  const texts = pinPromptTexts;
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
    <main className={['mk-pin', 'mk-column', className].filter(Boolean).join(' ')}>
      <h1 className="mk-page-title">{texts.pinTitle}</h1>
      <form className="mk-pin__form" onSubmit={submit} noValidate>
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
