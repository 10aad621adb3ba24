import { Button } from '@momentos/design-kit';
import { texts } from '../texts';
import './remote-fallback.css';

/** Shown in place of a remote that could not load; the rest of the app keeps working. */
export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="shell-remote-fallback" role="alert">
      <p>{texts.remoteFailed}</p>
      <Button onClick={onRetry}>{texts.retry}</Button>
    </section>
  );
}
