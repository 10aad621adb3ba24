import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './dialog.css';

export interface DialogProps {
  open: boolean;
  title: string;
  /** Accessible label of the × button ('Fechar', 'Fechar modal'). */
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  /** Hide the visible title (it stays the dialog's accessible name). */
  hideTitle?: boolean;
}

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Modal dialog: rendered over the page, closed by Escape or its × button, focus kept inside while open
 * and given back to the element that opened it.
 */
export function Dialog({ open, title, closeLabel, onClose, children, hideTitle }: DialogProps) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const opener = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>(focusableSelector);
    (first ?? panel.current)?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const focusable = Array.from(panel.current.querySelectorAll<HTMLElement>(focusableSelector));
      if (focusable.length === 0) return;
      const [firstItem, lastItem] = [focusable[0], focusable[focusable.length - 1]];
      if (event.shiftKey && document.activeElement === firstItem) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && document.activeElement === lastItem) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      opener?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="mk-dialog-overlay">
      <div
        ref={panel}
        className="mk-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="mk-dialog__header">
          <h2 id={titleId} className={hideTitle ? 'mk-visually-hidden' : 'mk-dialog__title'}>
            {title}
          </h2>
          <button type="button" className="mk-icon-button mk-dialog__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="mk-dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
