import type { Insertable, Kysely } from 'kysely';
import type { Database, MessageRow, MessagesTable } from '../db/schema';
import type { Audience } from './photos';

/** Issue 26: the guestbook's rows. Guests read only published messages (neither hidden nor pending). */

export async function insertMessage(db: Kysely<Database>, row: Insertable<MessagesTable>): Promise<MessageRow> {
  await db.insertInto('messages').values(row).execute();
  return (await findMessage(db, row.id))!;
}

export function findMessage(db: Kysely<Database>, id: string): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The message with its event's owner, for the owner's calls. */
export function findMessageWithOwner(db: Kysely<Database>, id: string) {
  return db
    .selectFrom('messages')
    .innerJoin('events', 'events.id', 'messages.event_id')
    .selectAll('messages')
    .select('events.organiser_id')
    .where('messages.id', '=', id)
    .executeTakeFirst();
}

/** The event's messages, newest first; a guest's list only the published ones. */
export function listMessages(db: Kysely<Database>, eventId: string, audience: Audience, ids?: string[]): Promise<MessageRow[]> {
  return db
    .selectFrom('messages')
    .selectAll()
    .where('event_id', '=', eventId)
    .$if(audience === 'guest', (qb) => qb.where('hidden', '=', 0).where('pending', '=', 0))
    .$if(ids !== undefined, (qb) => qb.where('id', 'in', ids!.length > 0 ? ids! : ['']))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function setMessageFlags(db: Kysely<Database>, id: string, flags: { hidden?: 0 | 1; pending?: 0 | 1 }): Promise<void> {
  await db.updateTable('messages').set(flags).where('id', '=', id).execute();
}

export async function deleteMessage(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('messages').where('id', '=', id).execute();
}

/** The message a stored voice-note file belongs to (the files route authorises by it). */
export function findMessageByAudioKey(db: Kysely<Database>, key: string) {
  return db
    .selectFrom('messages')
    .innerJoin('events', 'events.id', 'messages.event_id')
    .select(['messages.id', 'messages.hidden', 'messages.pending', 'events.id as event_id', 'events.visibility', 'events.reveal_at', 'events.uploads_close_at'])
    .where((eb) => eb.or([eb('messages.audio_path', '=', key), eb('messages.audio_m4a_path', '=', key)]))
    .executeTakeFirst();
}

/** The AAC rendition is made (or could not be: null keeps the original as what is played). */
export async function finishAudio(db: Kysely<Database>, id: string, m4aPath: string | null): Promise<void> {
  await db.updateTable('messages').set({ audio_m4a_path: m4aPath, audio_processing: 0 }).where('id', '=', id).execute();
}

/** Messages whose voice note still waits for its rendition (a restart takes them up again). */
export function messagesAwaitingAudio(db: Kysely<Database>): Promise<Array<{ id: string }>> {
  return db.selectFrom('messages').select('id').where('audio_processing', '=', 1).orderBy('created_at').execute();
}
