// Issue 24: the gallery's polling schedule and update merging live with the one live feed in api-client.
export { applyPhotoUpdates, pollDelayMs, pollingSchedule, processingIds } from '@momentos/api-client';
