import { useEffect } from 'react';
import { LoadingScreen, useNavigate, useParams } from '@momentos/design-kit';
import { storageKeys, writeStored } from '@momentos/api-client';
import { texts } from '../../texts';
import { useInviteSearch } from './api/use-invite-search';

/**
 * /invite/{code} (spec §2): stores the code as the shared event, finds the event and goes to its
 * welcome screen, or to / when nothing is found.
 */
export default function InvitePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const { settled, event } = useInviteSearch(code);

  useEffect(() => {
    writeStored(storageKeys.shared, code);
  }, [code]);

  useEffect(() => {
    if (!settled) return;
    if (event) navigate(`/events/share/${event.id}`, { replace: true, state: { eventName: event.name } });
    else navigate('/', { replace: true });
  }, [settled, event, navigate]);

  return <LoadingScreen label={texts.resolvingInvite} />;
}
