import { randomUUID } from 'node:crypto';
import { Client } from 'pg';

/**
 * What one instance tells the others after photos were stored (`new_photos`, the default) or left the
 * album (`photos_removed`): ids only, NOTIFY payloads are small.
 */
export interface Announcement {
  /**
   * `audience_changed` (issue 22): what the event's guests may see changed; each instance rechecks its guest sockets.
   * `member_removed` (issue 27): a team member's sockets on the event close.
   * Issue 24: `photos_updated`, a photo's renditions exist or its processing failed (each instance reads the rows and filters per socket).
   * Issue 26 adds the guestbook's `new_messages` / `messages_removed` (ids in `photoIds`: message ids) and `reactions`.
   */
  kind?: 'new_photos' | 'photos_updated' | 'photos_removed' | 'audience_changed' | 'member_removed' | 'new_messages' | 'messages_removed' | 'reactions';
  albumId: string;
  eventId: string;
  isPublic: boolean;
  photoIds: string[];
  /** `reactions`: the photo's heart count now. */
  hearts?: number;
  /** `member_removed` (issue 27): whose sockets on the event close. */
  organiserId?: string;
}

export interface AnnouncementBus {
  publish(announcement: Announcement): Promise<void>;
  close(): Promise<void>;
}

interface BusOptions {
  url: string;
  /** The PostgreSQL schema the app uses: one channel per schema, so deployments sharing a database stay apart. */
  schema?: string;
  /** Called for announcements of the other instances. */
  onRemote: (announcement: Announcement) => Promise<void>;
  log: { warn: (details: object, message: string) => void };
}

const RECONNECT_DELAY_MS = 1000;

/**
 * Fans announcements out to every server instance through PostgreSQL LISTEN/NOTIFY (DESIGN §3), on a
 * dedicated connection that reconnects by itself. An instance ignores its own notifications: it has
 * already told its subscribers.
 */
export async function startPostgresBus({ url, schema, onRemote, log }: BusOptions): Promise<AnnouncementBus> {
  const origin = randomUUID();
  const channel = `momentos_realtime${schema ? `_${schema}` : ''}`;
  let client: Client | null = null;
  let closed = false;

  const connect = async (): Promise<void> => {
    const candidate = new Client({ connectionString: url });
    candidate.on('notification', (message) => {
      if (message.channel !== channel || !message.payload) return;
      let announcement: Announcement & { origin?: string };
      try {
        announcement = JSON.parse(message.payload);
      } catch {
        return;
      }
      if (announcement.origin === origin) return;
      onRemote(announcement).catch((error: unknown) => log.warn({ err: error }, 'could not deliver an announcement of another instance'));
    });
    candidate.on('error', (error) => {
      log.warn({ err: error }, 'realtime bus connection lost; reconnecting');
      if (client === candidate) client = null;
      candidate.end().catch(() => undefined);
      if (!closed) setTimeout(() => void connect().catch(() => undefined), RECONNECT_DELAY_MS).unref();
    });
    await candidate.connect();
    await candidate.query(`LISTEN "${channel}"`);
    if (closed) await candidate.end();
    else client = candidate;
  };
  await connect();

  return {
    publish: async (announcement) => {
      // Without a connection (reconnecting), other instances miss this one; their galleries still poll.
      await client?.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ ...announcement, origin })]);
    },
    close: async () => {
      closed = true;
      await client?.end();
      client = null;
    },
  };
}
