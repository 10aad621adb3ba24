import { useEffect } from 'react';
import useSWR from 'swr';
import { apiKeys, dataOf, getSetupState, type SetupState } from '@momentos/api-client';

/**
 * Reads whether the server still needs its first organiser (issue 27) and hands it to the entry. A
 * component of its own, loaded lazily, for an entry the server did not paint (a visit in the app,
 * after 'Sair') or painted as needed (an account may have been made since): the entry painted as not
 * needed renders without the data layer or the network.
 */
export default function SetupStateSource({ onSetup }: { onSetup: (setup: SetupState) => void }) {
  const { data } = useSWR(apiKeys.setupState(), () => dataOf(getSetupState()), { shouldRetryOnError: false });
  useEffect(() => {
    if (data) onSetup(data);
  }, [data, onSetup]);
  return null;
}
