import { useEffect } from 'react';
import { LoadingScreen, useNavigate } from '@momentos/design-kit';
import { texts } from './texts';
import { useInviteSearch } from './api/use-invite-search';

/** Searches the invite code and goes to the event's welcome, or to / when nothing is found. */
export default function InviteSearch({ code }: { code: string }) {
  const navigate = useNavigate();
  const { settled, event } = useInviteSearch(code);

  useEffect(() => {
    if (!settled) return;
    if (event) navigate(`/events/share/${event.id}`, { replace: true, state: { eventName: event.name } });
    else navigate('/', { replace: true });
  }, [settled, event, navigate]);

  return <LoadingScreen label={texts.resolvingInvite} />;
}
