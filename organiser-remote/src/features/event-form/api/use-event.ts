import { useCallback } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { apiKeys, ApiError, createEvent, dataOf, getEvent, updateEvent, type EventInput } from '@momentos/api-client';
import { notify } from '@momentos/design-kit';
import { texts } from '../../../texts';

/** In update mode, the event to prefill the form (GET answers a list whose first item is the event). */
export function useEvent(id: string | undefined) {
  const { data, isLoading } = useSWR(
    id ? apiKeys.event(id) : null,
    async () => {
      const [event] = await dataOf(getEvent(id!));
      if (!event) throw new ApiError(404, texts.eventForm.loadFailed);
      return event;
    },
    {
      shouldRetryOnError: false,
      // The organiser may be typing: a refocus must not put the stored values back.
      revalidateOnFocus: false,
      revalidateOnReconnect: false,
      onError: (error: ApiError) => notify.error(error.message),
    },
  );
  return { event: data ?? null, loading: isLoading };
}

/** Creates the event, or updates it in update mode; a success revalidates the event list (and the event). */
export function useSaveEvent(id: string | undefined) {
  const { mutate } = useSWRConfig();
  return useCallback(
    async (input: EventInput) => {
      const result = id ? await updateEvent(id, input) : await createEvent(input);
      if (result.ok) {
        void mutate(apiKeys.events());
        if (id) void mutate(apiKeys.event(id));
      }
      return result;
    },
    [id, mutate],
  );
}
