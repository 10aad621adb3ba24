import { useCallback, useEffect, useState } from 'react';
import { notify } from '@momentos/design-kit';
import { listEvents, type EventItem } from '@momentos/api-client';
import { texts } from '../../texts';

/** The organiser's events, loaded once; a failed load toasts the wrapper's message and shows the empty list. */
export function useEvents() {
  const [events, setEvents] = useState<EventItem[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let current = true;
    void listEvents().then((result) => {
      if (!current) return;
      if (result.status === 200 && Array.isArray(result.data)) setEvents(result.data);
      else notify.error(result.message ?? texts.eventList.loadFailed);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, []);

  const remove = useCallback((id: string) => setEvents((list) => list.filter((event) => event.id !== id)), []);
  return { events, loading, remove };
}
