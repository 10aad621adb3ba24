// Every Portuguese string of the organiser remote, one table: `texts.entry.welcome`, `texts.eventList.header`…
// It is kept in two modules by screen (account.ts, events.ts) so that neither grows past a reading.
import { accountTexts } from './account';
import { eventTexts } from './events';

export const texts = {
  appName: 'Momentos',
  loading: 'Carregando…', // (not in the spec)
  ...accountTexts,
  ...eventTexts,
} as const;
