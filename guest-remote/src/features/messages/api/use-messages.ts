import { useEffect } from 'react';
import useSWR from 'swr';
import { albumRealtime, apiKeys, askAgainIfNotLoaded, dataOf, listMessages, useRevalidateAfterLoad, type ApiError, type MessageItem, type MessagesRemovedMessage, type NewMessagesMessage } from '@momentos/api-client';

/**
 * The event's published messages, newest first, kept current by the event's socket
 * (`new_messages`, `messages_removed`). A closed gallery or a missing PIN is the server's refusal.
 */
export function useMessages(eventId: string, enabled: boolean) {
  const { data, error, isLoading, mutate } = useSWR(enabled ? apiKeys.messages(eventId) : null, () => dataOf(listMessages(eventId)), {
    shouldRetryOnError: false,
  });
  // The socket's first open asks for the list again: after the first answer, not instead of it.
  const revalidate = useRevalidateAfterLoad(isLoading, mutate);

  useEffect(() => {
    if (!enabled) return;
    return albumRealtime.subscribe(eventId, (message) => {
      if (message.type === 'new_messages') {
        const arrived = (message as NewMessagesMessage).payload.messages;
        void mutate((current) => current && merge(current, arrived), askAgainIfNotLoaded);
      } else if (message.type === 'messages_removed') {
        const gone = new Set((message as MessagesRemovedMessage).payload.ids);
        void mutate((current) => current?.filter((item) => !gone.has(item.id)), askAgainIfNotLoaded);
      }
    }, { onOpen: () => void revalidate() });
  }, [eventId, enabled, mutate, revalidate]);

  return {
    messages: data ?? null,
    refused: (error as ApiError | undefined) ?? null,
    add: (message: MessageItem) => void mutate((current) => current && merge(current, [message]), askAgainIfNotLoaded),
    drop: (id: string) => void mutate((current) => current?.filter((item) => item.id !== id), askAgainIfNotLoaded),
  };
}

/** New or changed messages into the list, newest first, each once. */
export function merge(list: MessageItem[], arrived: MessageItem[]): MessageItem[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  for (const item of arrived) byId.set(item.id, item);
  return [...byId.values()].sort((a, b) => (a.created_at === b.created_at ? b.id.localeCompare(a.id) : b.created_at.localeCompare(a.created_at)));
}
