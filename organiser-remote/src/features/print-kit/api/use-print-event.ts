import useSWR from 'swr';
import { apiKeys, ApiError, dataOf, getEvent } from '@momentos/api-client';
import { texts } from '../../../texts';

/** The event whose kit is printed (GET answers a list whose first item is the event). */
export function usePrintEvent(id: string) {
  const { data, error, isLoading } = useSWR(
    apiKeys.event(id),
    async () => {
      const [event] = await dataOf(getEvent(id));
      if (!event) throw new ApiError(404, texts.printKit.loadFailed);
      return event;
    },
    { shouldRetryOnError: false, revalidateOnFocus: false },
  );
  return { event: data ?? null, error: error as ApiError | undefined, loading: isLoading };
}
