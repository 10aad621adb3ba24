import type { ReactNode } from 'react';
import './field.css';

/** What a field's control must carry: its id, its state and what describes it, and the kit's look. */
export interface FieldControlProps {
  id: string;
  className: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  /** The control's id; the hint and the error line take it as prefix. */
  id: string;
  label: ReactNode;
  /** Shown under the control and announced as its description; nothing when empty. */
  error?: string | null;
  /** A permanent line under the control (for example a size limit), also part of its description. */
  hint?: string;
  /** `alert` when the error appears without a submit (a refused file); default: a plain line. */
  errorRole?: 'alert';
  /** The label is read by screen readers only. */
  hideLabel?: boolean;
  /** Renders the control (input, textarea, select) with the props it must carry. */
  children: (control: FieldControlProps) => ReactNode;
}

/** A labelled control with its optional hint and error line, wired for assistive technology. */
export function Field({ id, label, error, hint, errorRole, hideLabel, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="mk-field">
      <label htmlFor={id} className={hideLabel ? 'mk-visually-hidden' : 'mk-field__label'}>
        {label}
      </label>
      {children({ id, className: 'mk-field__control', 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hintId ? (
        <p id={hintId} className="mk-field__hint">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="mk-field__error" role={errorRole}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
