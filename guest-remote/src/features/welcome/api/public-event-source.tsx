import { useEffect } from 'react';
import type { PublicEvent } from '@momentos/api-client';
import { usePublicEvent } from './use-public-event';

/**
 * Reads the public event and hands it to the welcome. A component of its own, loaded lazily, so that
 * the welcome's first render needs neither the data layer (SWR, api-client, axios) nor the network:
 * on a first visit the server painted the event already.
 */
export default function PublicEventSource({ eventId, onEvent }: { eventId: string; onEvent: (event: PublicEvent) => void }) {
  const event = usePublicEvent(eventId, null);
  useEffect(() => {
    if (event) onEvent(event);
  }, [event, onEvent]);
  return null;
}
