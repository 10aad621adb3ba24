import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@momentos/design-kit';
import { texts } from './texts';

/**
 * The input's id: one name prompt per page, and the same id as in the server's painted name step
 * (first-paint/upload.html), whose markup this renders.
 */
const INPUT_ID = 'guest-name-input';

/**
 * The painted name step's input (issue 29), while it is on screen: a guest on a slow phone may have
 * typed in it, and be typing still, before the app took over.
 */
const paintedInput = () => document.querySelector<HTMLInputElement>(`#first-paint #${INPUT_ID}`);

/** 'Quem está enviando as fotos?': the guest's name, required before anything else (spec §5). */
export function NamePrompt({ initial, onSubmit, onMissing }: { initial: string; onSubmit: (name: string) => void; onMissing: () => void }) {
  const [name, setName] = useState(() => initial || paintedInput()?.value || '');
  const input = useRef<HTMLInputElement>(null);
  // What was typed on the painted step carries over with the focus and the caret, before the shell
  // removes that step (its layout effect runs after this one).
  useLayoutEffect(() => {
    const painted = paintedInput();
    if (painted && document.activeElement === painted) {
      input.current?.focus();
      input.current?.setSelectionRange(painted.selectionStart, painted.selectionEnd);
    }
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) onMissing();
    else onSubmit(trimmed);
  };
  return (
    <form className="guest-name" onSubmit={submit} noValidate data-tour="upload-who">
      <h2 className="guest-name__title">
        <label htmlFor={INPUT_ID}>{texts.whoIsSending}</label>
      </h2>
      <input
        ref={input}
        id={INPUT_ID}
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
