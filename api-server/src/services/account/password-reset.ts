import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { endOrganiserSessions } from '../../repositories/organiser-sessions';
import { findOrganiserByEmail } from '../../repositories/organisers';
import { closeResets, findOpenReset, insertPasswordReset, useReset } from '../../repositories/password-resets';
import { hashPassword } from '../../domain/password';

/** Issue 27 item 4: a reset link is valid for one hour, once. */
export const RESET_TTL_MS = 60 * 60 * 1000;

export const resetMessages = {
  /** The same answer whether or not the e-mail has an account (no account enumeration). */
  sent: 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. Ele vale por 1 hora.',
  noMail: 'Este servidor não envia e-mails. Peça ao administrador do servidor o link para redefinir sua senha: ele aparece no registro (log) do servidor.',
  invalid: 'Este link para redefinir a senha não é mais válido (já usado ou expirado). Peça um novo em "Esqueci minha senha".',
  done: 'Senha redefinida. Entre com a nova senha.',
  tooMany: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
} as const;

const hashOf = (token: string) => createHash('sha256').update(`password-reset:${token}`).digest('hex');

export const resetPath = (token: string) => `/redefinir-senha/${token}`;

/**
 * A new reset link for the organiser with this e-mail, or null when there is none (the caller
 * answers the same either way). Only the token's SHA-256 is stored; the link is shown once.
 */
export async function createResetLink(db: Kysely<Database>, email: string, origin: string, now = new Date()) {
  const organiser = await findOrganiserByEmail(db, email);
  if (!organiser) return null;
  const token = randomBytes(32).toString('base64url');
  await insertPasswordReset(db, {
    token_hash: hashOf(token),
    organiser_id: organiser.id,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
  });
  return { organiser, url: `${origin}${resetPath(token)}` };
}

/** The open link's account; 404 when the token is unknown, used or expired. */
export async function openResetLink(db: Kysely<Database>, token: string) {
  const reset = await findOpenReset(db, hashOf(token));
  if (!reset) throw new HttpError(404, resetMessages.invalid);
  return reset;
}

/**
 * Sets the new password through the link, once: the link and every other open one of the organiser
 * are used up, and every session of the organiser ends (a stolen session dies with the reset).
 */
export async function resetPassword(db: Kysely<Database>, token: string, password: string): Promise<{ email: string; endedSessions: number }> {
  const hash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const reset = await findOpenReset(trx, hashOf(token));
    if (!reset || !(await useReset(trx, reset.token_hash))) throw new HttpError(404, resetMessages.invalid);
    await trx.updateTable('organisers').set({ password_hash: hash }).where('id', '=', reset.organiser_id).execute();
    await closeResets(trx, reset.organiser_id);
    const endedSessions = await endOrganiserSessions(trx, reset.organiser_id);
    return { email: reset.email, endedSessions };
  });
}
