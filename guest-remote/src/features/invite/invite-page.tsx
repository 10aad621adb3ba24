import { lazy, Suspense, useEffect } from 'react';
import { LoadingScreen, readFirstPaint, useNavigate, useParams } from '@momentos/design-kit';
import { storageKeys, writeStored } from '@momentos/api-client/storage';
import type { PublicEvent } from '@momentos/api-client';
import { texts } from './texts';

// The invite search (SWR, api-client) is needed only when the server did not paint the event.
const InviteSearch = lazy(() => import('./invite-search'));

/**
 * /invite/{code} (spec §2): stores the code as the shared event, finds the event and goes to its
 * welcome screen, or to / when nothing is found. On a first visit the server has found it already and
 * painted the welcome: the page goes there at once and shows nothing of its own over the painted view.
 */
export default function InvitePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const painted = readFirstPaint<PublicEvent>('guest_remote', 'welcome');
  const known = painted && painted.code.toUpperCase() === code.replace(/[\s-]/g, '').toUpperCase() ? painted : null;

  useEffect(() => {
    writeStored(storageKeys.shared, code);
  }, [code]);

  useEffect(() => {
    if (known) navigate(`/events/share/${known.id}`, { replace: true, state: { eventName: known.name } });
  }, [known, navigate]);

  if (known) return null;
  return (
    <Suspense fallback={<LoadingScreen label={texts.resolvingInvite} />}>
      <InviteSearch code={code} />
    </Suspense>
  );
}
