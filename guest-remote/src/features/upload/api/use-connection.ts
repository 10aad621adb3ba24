import useSWR from 'swr';
import { apiKeys, detectConnection, getHealth, type DetectedConnection, type NetworkInformationLike } from '@momentos/api-client';

/** Times a small API call: the fallback measurement when the browser has no Network Information API. */
async function measureRoundTrip(): Promise<number> {
  const started = performance.now();
  await getHealth();
  return performance.now() - started;
}

function detect(): Promise<DetectedConnection> {
  const info = (navigator as Navigator & { connection?: NetworkInformationLike }).connection ?? null;
  return detectConnection({ connection: info, measure: measureRoundTrip, storage: window.localStorage });
}

/** The guest's connection class and profile (spec §9), detected again each time the screen opens. */
export function useConnection(): DetectedConnection | null {
  const { data } = useSWR(apiKeys.connection(), detect, { revalidateOnFocus: false, revalidateOnReconnect: false });
  return data ?? null;
}
