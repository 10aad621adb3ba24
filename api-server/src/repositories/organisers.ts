import type { Kysely } from 'kysely';
import { MIN_ORGANISER_PASSWORD_LENGTH } from '../config';
import type { Database, OrganiserRow } from '../db/schema';
import { newId } from '../domain/ids';
import { hashPassword } from '../domain/password';

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

export function findOrganiserByEmail(db: Kysely<Database>, email: string): Promise<OrganiserRow | undefined> {
  return db.selectFrom('organisers').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
}

export function findOrganiserById(db: Kysely<Database>, id: string): Promise<OrganiserRow | undefined> {
  return db.selectFrom('organisers').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function createOrganiser(db: Kysely<Database>, email: string, password: string): Promise<OrganiserRow> {
  const row: OrganiserRow = {
    id: newId.organiser(),
    email: normaliseEmail(email),
    password_hash: await hashPassword(password),
    created_at: new Date().toISOString(),
  };
  await db.insertInto('organisers').values(row).execute();
  return row;
}

export async function setOrganiserPassword(db: Kysely<Database>, email: string, password: string): Promise<boolean> {
  const result = await db
    .updateTable('organisers')
    .set({ password_hash: await hashPassword(password) })
    .where('email', '=', normaliseEmail(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
