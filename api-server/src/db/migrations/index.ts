import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './001-initial';
import * as uploads from './002-uploads';
import * as loginFailures from './003-login-failures';
import * as secondWave from './004-second-wave';
import * as renditions from './005-renditions';
import * as requestCounts from './006-request-counts';
import * as wallLinks from './007-wall-links';
import * as visibility from './008-visibility';
import * as eventPin from './009-event-pin';
import * as multipartSessions from './010-multipart-sessions';
import * as guestPrivacy from './011-guest-privacy';
import * as socketTickets from './012-socket-tickets';
import * as uploadGuards from './013-upload-guards';
import * as videos from './014-videos';
import * as places from './017-places';
import * as organiserTeam from './016-organiser-team';
import * as thumbRendition from './018-thumb-rendition';
import * as guestbook from './015-guestbook';
import * as passwordResets from './019-password-resets';
import * as notifications from './020-notifications';
import * as webhooks from './021-webhooks';
import * as dailySummaries from './022-daily-summaries';
import * as stagedUploads from './023-staged-uploads';

/** Migrations are imported statically so they work from src (tsx, jest) and from dist alike. */
export const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-uploads': uploads,
  '003-login-failures': loginFailures,
  '004-second-wave': secondWave,
  '005-renditions': renditions,
  '006-request-counts': requestCounts,
  '007-wall-links': wallLinks,
  '008-visibility': visibility,
  '009-event-pin': eventPin,
  '010-multipart-sessions': multipartSessions,
  '011-guest-privacy': guestPrivacy,
  '012-socket-tickets': socketTickets,
  '013-upload-guards': uploadGuards,
  '014-videos': videos,
  '017-places': places,
  '016-organiser-team': organiserTeam,
  '018-thumb-rendition': thumbRendition,
  '015-guestbook': guestbook,
  '019-password-resets': passwordResets,
  '020-notifications': notifications,
  '021-webhooks': webhooks,
  '022-daily-summaries': dailySummaries,
  '023-staged-uploads': stagedUploads,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
