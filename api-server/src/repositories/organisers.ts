import type { Kysely, Transaction } from 'kysely';
import { MIN_ORGANISER_PASSWORD_LENGTH } from '../config';
import type { Database, OrganiserRow } from '../db/schema';
import { newId } from '../domain/ids';
import { hashPassword } from '../domain/password';
import { endOrganiserSessions } from './organiser-sessions';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findOrganiserByEmail(db: Kysely<Database> | Transaction<Database>, email: string): Promise<OrganiserRow | undefined> {
  return db.selectFrom('organisers').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export function findOrganiserById(db: Kysely<Database>, id: string): Promise<OrganiserRow | undefined> {
  return db.selectFrom('organisers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createOrganiser(db: Kysely<Database>, email: string, password: string, name = ''): Promise<OrganiserRow> {
  const row: OrganiserRow = {
    id: newId.organiser(),
    email: normaliseEmail(email),
    password_hash: await hashPassword(password),
    created_at: new Date().toISOString(),
    name: name.trim(),
  };
  await db.insertInto('organisers').values(row).execute();
  return row;
}

/**
 * Sets a new password and ends the organiser's sessions (issue 23 item 2), all of them or all but
 * `keepSession` (the session that changed it from 'Minha conta').
 */
export async function setOrganiserPassword(db: Kysely<Database>, email: string, password: string, keepSession?: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const organiser = await trx.selectFrom('organisers').select('id').where('email', '=', normaliseEmail(email)).executeTakeFirst();
    if (!organiser) return false;
    await trx.updateTable('organisers').set({ password_hash: hash }).where('id', '=', organiser.id).execute();
    await endOrganiserSessions(trx, organiser.id, keepSession);
    return true;
  });
}

/**
 * Issue 23: the same password under a stronger hash (the transparent rehash at login). Only while
 * the stored hash is still `previous`, so a password changed meanwhile is never overwritten.
 */
export async function replacePasswordHash(db: Kysely<Database>, id: string, previous: string, next: string): Promise<void> {
  await db.updateTable('organisers').set({ password_hash: next }).where('id', '=', id).where('password_hash', '=', previous).execute();
}

export function listOrganisers(db: Kysely<Database>): Promise<Pick<OrganiserRow, 'id' | 'email' | 'created_at'>[]> {
  return db.selectFrom('organisers').select(['id', 'email', 'created_at']).orderBy('created_at').orderBy('email').execute();
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MIN_PASSWORD_LENGTH = MIN_ORGANISER_PASSWORD_LENGTH;
