import { Link } from '@momentos/design-kit';
import { texts } from '../texts';

export function NotFoundPage() {
  return (
    <main className="shell-remote-fallback">
      <h1>{texts.notFoundTitle}</h1>
      <p>{texts.notFoundMessage}</p>
      <Link className="mk-button" to="/">
        {texts.backToStart}
      </Link>
    </main>
  );
}
