import { useEffect, useState } from 'react';
import { detectConnection, getHealth, type DetectedConnection, type NetworkInformationLike } from '@momentos/api-client';

/** Times a small API call: the fallback measurement when the browser has no Network Information API. */
async function measureRoundTrip(): Promise<number> {
  const started = performance.now();
  await getHealth();
  return performance.now() - started;
}

/** The guest's connection class and profile (spec §9), detected once when the screen opens. */
export function useConnection(): DetectedConnection | null {
  const [connection, setConnection] = useState<DetectedConnection | null>(null);
  useEffect(() => {
    let current = true;
    const info = (navigator as Navigator & { connection?: NetworkInformationLike }).connection ?? null;
    void detectConnection({ connection: info, measure: measureRoundTrip, storage: window.localStorage }).then((detected) => {
      if (current) setConnection(detected);
    });
    return () => {
      current = false;
    };
  }, []);
  return connection;
}
