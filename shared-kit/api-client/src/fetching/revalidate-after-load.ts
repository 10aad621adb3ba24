import { useCallback, useEffect, useRef } from 'react';

/**
 * A list's revalidation that lets its first load finish first. SWR's `mutate()` starts a new request
 * and throws away the answer of one still in flight (its race rule: the later request wins). A live
 * socket opens a few hundred milliseconds into a page and asks for the list again, to catch what
 * changed before it listened: the page then showed nothing until both round trips were over (issue
 * 29: the organiser's photo screen drew its first tiles after the second answer). Here the first
 * answer is shown as soon as it comes, and the revalidation still runs after it, so nothing that
 * changed between the server's reading and the socket's open is missed.
 */
export function useRevalidateAfterLoad(isLoading: boolean, mutate: () => Promise<unknown>): () => Promise<void> {
  const first = useRef({ loading: isLoading, waiting: [] as Array<() => void> });
  useEffect(() => {
    first.current.loading = isLoading;
    if (!isLoading) first.current.waiting.splice(0).forEach((resume) => resume());
  }, [isLoading]);
  return useCallback(async () => {
    if (first.current.loading) await new Promise<void>((resume) => first.current.waiting.push(resume));
    await mutate();
  }, [mutate]);
}
