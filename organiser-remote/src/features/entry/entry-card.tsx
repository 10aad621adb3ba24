import type { ReactNode } from 'react';
import { ButtonLink } from '@momentos/design-kit';
import { texts } from '../../texts';
import '../../layout/organiser.css';
import './entry.css';

/** The card of a page reached by a link (a password reset, a team invite): the app's name, the page's title, its body. */
export function EntryCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="entry">
      <div className="entry__card">
        <h1 className="entry__title">{texts.appName}</h1>
        <h2 className="entry__subtitle">{title}</h2>
        {children}
      </div>
    </main>
  );
}

/** A link that no longer works (used, expired, unknown): why, and the way back to the start. */
export function LinkGone({ message, back }: { message: string; back: string }) {
  return (
    <>
      <p className="entry__lead" role="alert">
        {message}
      </p>
      <ButtonLink block href="/">
        {back}
      </ButtonLink>
    </>
  );
}
