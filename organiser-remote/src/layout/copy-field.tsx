import { Button, Field, useCopyToClipboard, type ButtonVariant } from '@momentos/design-kit';

interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  copyLabel: string;
  copiedLabel: string;
  variant?: ButtonVariant;
  /** The class of the live line that says it was copied. */
  copiedClassName: string;
}

/** A value to hand on (an invite link, a webhook secret): read-only, selected on focus, a copy button and the line that says it was copied. */
export function CopyField({ id, label, value, copyLabel, copiedLabel, variant, copiedClassName }: CopyFieldProps) {
  const { copied, copy } = useCopyToClipboard();
  return (
    <>
      <Field id={id} label={label}>
        {(control) => <input {...control} readOnly value={value} onFocus={(focus) => focus.currentTarget.select()} />}
      </Field>
      <Button variant={variant} block onClick={() => void copy(value)}>
        {copyLabel}
      </Button>
      <p className={copiedClassName} role="status" aria-live="polite">
        {copied ? copiedLabel : ''}
      </p>
    </>
  );
}
