import type { Kysely } from 'kysely';

// Issue 23: a socket is opened with a short-lived, single-use ticket (`?ticket=`) instead of the
// organiser's token or the event's PIN in its URL (URLs are logged). The ticket is issued by
// `POST /api/ws-ticket` against the request's headers, for one album (or event), and kept here so
// that any instance can take it; it is deleted as it is used.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('socket_tickets')
    /** SHA-256 (hex) of the ticket: the table holds no usable ticket. */
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    /** The album or event id the ticket opens. */
    .addColumn('album_id', 'text', (c) => c.notNull())
    /** 1 when the ticket was issued to the album's owner. */
    .addColumn('is_owner', 'integer', (c) => c.notNull())
    /** The organiser who asked, when signed in (null for guests and walls). */
    .addColumn('organiser_id', 'text')
    /** 1 when the request carried the event's wall link (issue 22: walls keep hearing after a PIN change). */
    .addColumn('wall', 'integer', (c) => c.notNull().defaultTo(0))
    /** The event's PIN the guest proved (issue 22: a changed PIN closes the guest's socket). */
    .addColumn('pin', 'text')
    /** Milliseconds since the epoch. */
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('socket_tickets_expires_idx').on('socket_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('socket_tickets').ifExists().execute();
}
