import { useId, useState, type FormEvent } from 'react';
import { Button } from '@momentos/design-kit';
import { texts } from './texts';

/** 'Quem está enviando as fotos?': the guest's name, required before anything else (spec §5). */
export function NamePrompt({ initial, onSubmit, onMissing }: { initial: string; onSubmit: (name: string) => void; onMissing: () => void }) {
  const [name, setName] = useState(initial);
  const inputId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) onMissing();
    else onSubmit(trimmed);
  };
  return (
    <form className="guest-name" onSubmit={submit} noValidate data-tour="upload-who">
      <h2 className="guest-name__title">
        <label htmlFor={inputId}>{texts.whoIsSending}</label>
      </h2>
      <input
        id={inputId}
        className="mk-input guest-input"
        type="text"
        autoComplete="name"
        maxLength={80}
        placeholder={texts.namePlaceholder}
        value={name}
        onChange={(event) => setName(event.target.value)}
      />
      <Button type="submit">{texts.continue}</Button>
    </form>
  );
}
