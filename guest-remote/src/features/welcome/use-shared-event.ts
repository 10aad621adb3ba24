import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { readStored, searchEventByCode, storageKeys } from '@momentos/api-client';

const storedCode = () => readStored(storageKeys.shared);

export interface SharedEvent {
  /** The invite code this browser came with (`shared`), when it belongs to this event. */
  code: string | null;
  name: string | null;
}

/**
 * The event's name and invite code for a guest: the invite screen hands the name over; otherwise the
 * stored invite code is searched again (guests cannot read an event by id).
 */
export function useSharedEvent(eventId: string): SharedEvent {
  const location = useLocation();
  const handedName = (location.state as { eventName?: string } | null)?.eventName ?? null;
  const [event, setEvent] = useState<SharedEvent>({ code: storedCode(), name: handedName });

  useEffect(() => {
    const code = storedCode();
    if (!code) {
      setEvent({ code: null, name: handedName });
      return undefined;
    }
    let current = true;
    void searchEventByCode(code).then((result) => {
      if (!current) return;
      const found = result.status === 200 && Array.isArray(result.data) ? result.data[0] : undefined;
      if (found && found.id === eventId) setEvent({ code, name: found.name });
      else setEvent({ code: null, name: handedName });
    });
    return () => {
      current = false;
    };
  }, [eventId, handedName]);

  return event;
}
