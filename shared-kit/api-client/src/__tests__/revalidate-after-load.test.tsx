import { act, renderHook, waitFor } from '@testing-library/react';
import useSWR from 'swr';
import { useRevalidateAfterLoad } from '../fetching/revalidate-after-load';
import { FreshDataCache } from '../testing';

/** A fetcher whose answers the test gives, one per request, in order. */
function answersOnDemand() {
  const pending: Array<(value: string[]) => void> = [];
  const fetcher = jest.fn(() => new Promise<string[]>((resolve) => pending.push(resolve)));
  return { fetcher, answer: (index: number, value: string[]) => pending[index](value) };
}

function useList(fetcher: () => Promise<string[]>) {
  const { data, isLoading, mutate } = useSWR('list', fetcher, { revalidateOnFocus: false });
  return { data, revalidate: useRevalidateAfterLoad(isLoading, mutate) };
}

describe('a revalidation asked for while the first load runs (issue 29)', () => {
  it('shows the first answer as it comes, then asks again', async () => {
    const { fetcher, answer } = answersOnDemand();
    const { result } = renderHook(() => useList(fetcher), { wrapper: FreshDataCache });
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));

    let revalidated: Promise<void> = Promise.resolve();
    act(() => {
      revalidated = result.current.revalidate();
    });
    // Nothing more is asked while the first request is out: a second one would have SWR throw the
    // first answer away.
    expect(fetcher).toHaveBeenCalledTimes(1);

    await act(async () => answer(0, ['p1']));
    await waitFor(() => expect(result.current.data).toEqual(['p1']));
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));

    // What changed in the meantime still comes in with the second answer.
    await act(async () => {
      answer(1, ['p2', 'p1']);
      await revalidated;
    });
    expect(result.current.data).toEqual(['p2', 'p1']);
  });

  it('asks at once once the list has loaded', async () => {
    const { fetcher, answer } = answersOnDemand();
    const { result } = renderHook(() => useList(fetcher), { wrapper: FreshDataCache });
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(1));
    await act(async () => answer(0, ['p1']));
    await waitFor(() => expect(result.current.data).toEqual(['p1']));

    act(() => void result.current.revalidate());
    expect(fetcher).toHaveBeenCalledTimes(2);
    await act(async () => answer(1, ['p3', 'p1']));
    await waitFor(() => expect(result.current.data).toEqual(['p3', 'p1']));
  });
});
