// Every Portuguese string of the organiser remote, one file per area. Quoted spec texts are copied
// exactly (spec §2, §5, §8); the few lines the spec leaves open are marked "(not in the spec)".
import { entry, forgot, passwordReset, password, setup } from './entry';
import { account } from './account';
import { team, integrations, teamInvite } from './team';
import { menu, eventList, share, deleteEvent, tour } from './event-list';
import { printKit } from './print-kit';
import { eventForm, albums } from './event-form';

export const texts = {
  appName: 'Momentos',
  loading: 'Carregando…', // (not in the spec)
  entry,
  forgot,
  passwordReset,
  password,
  setup,
  account,
  team,
  integrations,
  teamInvite,
  menu,
  eventList,
  share,
  deleteEvent,
  tour,
  printKit,
  eventForm,
  albums,
} as const;
