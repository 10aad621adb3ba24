import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { albumRealtime, apiKeys, dataOf, listMessages, useAuthStore } from '@momentos/api-client';

/**
 * Issue 26: the owner's list of the event's messages (every one, hidden and pending marked), reloaded
 * when the event's socket announces a message (`new_messages`, `messages_removed`).
 */
export function useOwnerMessages(eventId: string) {
  const { data, error, mutate } = useSWR(apiKeys.messages(eventId), () => dataOf(listMessages(eventId)));
  const reload = useRef(mutate);
  reload.current = mutate;
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = albumRealtime.subscribe(
      eventId,
      (message) => {
        if (message.type !== 'new_messages' && message.type !== 'messages_removed') return;
        clearTimeout(timer);
        timer = setTimeout(() => void reload.current(), 250);
      },
      { token: useAuthStore.getState().token },
    );
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [eventId]);
  return { messages: data ?? null, error: error as Error | undefined, reload: () => mutate() };
}
