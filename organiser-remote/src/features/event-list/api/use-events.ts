import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiKeys, dataOf, deleteEvent, listEvents, type ApiError, type EventItem } from '@momentos/api-client';
import { notify } from '@momentos/design-kit';

const noEvents: EventItem[] = [];

/** The organiser's events; a failed load toasts the §8 message and leaves the list empty. */
export function useEvents() {
  const { data, isLoading } = useSWR(apiKeys.events(), () => dataOf(listEvents()), {
    shouldRetryOnError: false,
    onError: (error: ApiError) => notify.error(error.message),
  });
  return { events: data ?? noEvents, loading: isLoading };
}

/** DELETE /api/events/{id}; on success the row leaves the list at once and the list is asked again. */
export function useDeleteEvent() {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (id: string) => {
      const result = await deleteEvent(id);
      if (result.ok) {
        void mutate(apiKeys.events(), (events: EventItem[] | undefined) => events?.filter((event) => event.id !== id));
      }
      return result;
    },
    [mutate],
  );
}
