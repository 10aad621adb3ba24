import { useCallback } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, deleteWebhook, getWebhook, regenerateWebhookSecret, saveWebhook } from '@momentos/api-client';

/** The event's webhook and its last deliveries (owner): null while the first answer is awaited; actions ask again. */
export function useWebhook(eventId: string) {
  const { data, error, mutate, isValidating } = useSWR(apiKeys.webhook(eventId), () => dataOf(getWebhook(eventId)), { shouldRetryOnError: false });
  const save = useCallback(
    async (url: string) => {
      const result = await saveWebhook(eventId, { url });
      await mutate();
      return result;
    },
    [eventId, mutate],
  );
  const regenerate = useCallback(async () => {
    const result = await regenerateWebhookSecret(eventId);
    await mutate();
    return result;
  }, [eventId, mutate]);
  const remove = useCallback(async () => {
    const result = await deleteWebhook(eventId);
    await mutate();
    return result;
  }, [eventId, mutate]);
  return { state: data ?? null, failed: Boolean(error), refreshing: isValidating, refresh: () => void mutate(), save, regenerate, remove };
}
