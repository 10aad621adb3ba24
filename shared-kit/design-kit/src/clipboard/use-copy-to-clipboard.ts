import { useCallback, useEffect, useRef, useState } from 'react';

/** How long a 'Link copiado…' confirmation stays (spec §9: 2 s). */
export const copiedStateMs = 2000;

export interface CopyToClipboard {
  /** True for `resetAfterMs` after a successful copy. */
  copied: boolean;
  /** Copies the text; resolves false (and only logs, spec §8) when the browser refuses. */
  copy: (text: string) => Promise<boolean>;
  /** Forgets a confirmation still showing (a dialog that closes). */
  reset: () => void;
}

/** Copy to the clipboard with a confirmation state that ends by itself. */
export function useCopyToClipboard(resetAfterMs: number = copiedStateMs): CopyToClipboard {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const reset = useCallback(() => {
    clearTimeout(timer.current);
    setCopied(false);
  }, []);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
      } catch (error) {
        console.error('Copy to the clipboard failed', error);
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), resetAfterMs);
      return true;
    },
    [resetAfterMs],
  );

  return { copied, copy, reset };
}
