import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { HttpError } from '../../errors';
import { endOrganiserSessions } from '../../repositories/organiser-sessions';
import { EMAIL_PATTERN, findOrganiserByEmail, findOrganiserById, normaliseEmail } from '../../repositories/organisers';
import { closeResets } from '../../repositories/password-resets';
import { hashPassword, verifyPassword } from '../../domain/password';

export const accountMessages = {
  saved: 'Dados salvos.',
  invalidEmail: 'Por favor, informe um e-mail válido',
  nameRequired: 'Por favor, informe seu nome.',
  emailTaken: 'Já existe uma conta com este e-mail.',
  passwordNeeded: 'Para trocar o e-mail, informe sua senha atual.',
  wrongPassword: 'Senha atual incorreta.',
  passwordChanged: 'Senha alterada. As outras sessões da sua conta foram encerradas.',
} as const;

/** Issue 27 item 4 ('Minha conta'): the organiser's name and e-mail; a new e-mail asks for the current password. */
export async function updateAccount(db: Kysely<Database>, organiserId: string, input: { name: string; email: string; current_password?: string }) {
  const name = input.name.trim();
  if (!name) throw new HttpError(400, accountMessages.nameRequired);
  const email = normaliseEmail(input.email);
  if (!EMAIL_PATTERN.test(email)) throw new HttpError(400, accountMessages.invalidEmail);
  const organiser = await findOrganiserById(db, organiserId);
  if (!organiser) throw new HttpError(401, accountMessages.wrongPassword);
  if (email !== organiser.email) {
    if (!input.current_password) throw new HttpError(400, accountMessages.passwordNeeded);
    if (!(await verifyPassword(input.current_password, organiser.password_hash))) throw new HttpError(403, accountMessages.wrongPassword);
    const other = await findOrganiserByEmail(db, email);
    if (other && other.id !== organiser.id) throw new HttpError(409, accountMessages.emailTaken);
  }
  await db
    .updateTable('organisers')
    .set({ name, email })
    .where('id', '=', organiser.id)
    .execute()
    .catch(async (error: unknown) => {
      // Two accounts took the same e-mail at the same moment: the unique index decided.
      const other = await findOrganiserByEmail(db, email);
      if (other && other.id !== organiser.id) throw new HttpError(409, accountMessages.emailTaken);
      throw error;
    });
  return { id: organiser.id, name, email };
}

/**
 * 'Minha conta' → password: the current password is checked, then the new one is set and every
 * other session of the organiser ends (this one stays), and open reset links close.
 */
export async function changePassword(db: Kysely<Database>, organiserId: string, sessionId: string, current: string, next: string): Promise<number> {
  const organiser = await findOrganiserById(db, organiserId);
  if (!organiser || !(await verifyPassword(current, organiser.password_hash))) throw new HttpError(403, accountMessages.wrongPassword);
  const hash = await hashPassword(next);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('organisers').set({ password_hash: hash }).where('id', '=', organiser.id).execute();
    await closeResets(trx, organiser.id);
    return endOrganiserSessions(trx, organiser.id, sessionId);
  });
}
