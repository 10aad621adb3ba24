import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { searchEventByCode, storageKeys, writeStored } from '@momentos/api-client';
import { LoadingScreen } from '@momentos/design-kit';
import { texts } from '../../texts';

/**
 * /invite/{code} (spec §2): stores the code as the shared event, finds the event and goes to its
 * welcome screen, or to / when nothing is found.
 */
export default function InvitePage() {
  const { code = '' } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    let current = true;
    writeStored(storageKeys.shared, code);
    void searchEventByCode(code).then((result) => {
      if (!current) return;
      const event = result.status === 200 && Array.isArray(result.data) ? result.data[0] : undefined;
      if (event) navigate(`/events/share/${event.id}`, { replace: true, state: { eventName: event.name } });
      else navigate('/', { replace: true });
    });
    return () => {
      current = false;
    };
  }, [code, navigate]);

  return <LoadingScreen label={texts.resolvingInvite} />;
}
