import { useEffect, useState } from 'react';
import { notify } from '@momentos/design-kit';
import { getEvent, type EventItem } from '@momentos/api-client';
import { texts } from '../../texts';

/** In update mode, the event to prefill the form (GET answers a list whose first item is the event). */
export function useEvent(id: string | undefined) {
  const [event, setEvent] = useState<EventItem | null>(null);
  const [loading, setLoading] = useState(Boolean(id));

  useEffect(() => {
    if (!id) return undefined;
    let current = true;
    setLoading(true);
    void getEvent(id).then((result) => {
      if (!current) return;
      const found = result.status === 200 && Array.isArray(result.data) ? result.data[0] : undefined;
      if (found) setEvent(found);
      else notify.error(result.message ?? texts.eventForm.loadFailed);
      setLoading(false);
    });
    return () => {
      current = false;
    };
  }, [id]);

  return { event, loading };
}
