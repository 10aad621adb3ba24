import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from '../loading-screen/loading-screen';

export type ButtonVariant = 'primary' | 'secondary' | 'danger';

interface ButtonLook {
  /** primary (filled accent, the default), secondary (outlined) or danger (filled red). */
  variant?: ButtonVariant;
  /** Full width of its container. */
  block?: boolean;
}

export interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Working: disabled, `aria-busy`, and a small spinner announcing `busyLabel` before the text. */
  busy?: boolean;
  busyLabel?: string;
  children: ReactNode;
}

export type ButtonLinkProps = ButtonLook & AnchorHTMLAttributes<HTMLAnchorElement> & { children: ReactNode };

function buttonClass({ variant = 'primary', block }: ButtonLook, extra?: string): string {
  return ['mk-button', variant === 'primary' ? null : `mk-button--${variant}`, block ? 'mk-button--block' : null, extra]
    .filter(Boolean)
    .join(' ');
}

/** The kit's button (`type="button"` unless told otherwise). */
export function Button({ variant, block, busy = false, busyLabel, className, disabled, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass({ variant, block }, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy && busyLabel ? <Spinner label={busyLabel} /> : null}
      {children}
    </button>
  );
}

/** A link that looks like the kit's button (for example to another site). */
export function ButtonLink({ variant, block, className, children, ...rest }: ButtonLinkProps) {
  return (
    <a {...rest} className={buttonClass({ variant, block }, className)}>
      {children}
    </a>
  );
}
