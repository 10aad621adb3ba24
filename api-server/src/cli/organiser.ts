/**
 * Organiser accounts from the command line:
 *   npm run organiser -- add EMAIL       (the password is asked for, or read from standard input)
 *   npm run organiser -- passwd EMAIL
 *   npm run organiser -- list
 * Issue 23: never a password in the arguments (`ps` shows them to every user of the machine).
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). Under npm, a relative DATA_DIR
 * is resolved against the folder where npm was invoked (INIT_CWD), like the server started from there.
 */
import { loadConfig } from '../config';
import { prepareDataDir } from '../data-dir';
import { migrateToLatest, openDatabase } from '../db/connection';
import {
  createOrganiser,
  EMAIL_PATTERN,
  findOrganiserByEmail,
  listOrganisers,
  MIN_PASSWORD_LENGTH,
  setOrganiserPassword,
} from '../repositories/organisers';
import { readPassword } from './read-password';

const USAGE = `Uso:
  npm run organiser -- add EMAIL      cria um organizador (a senha é pedida no terminal ou lida da entrada padrão)
  npm run organiser -- passwd EMAIL   troca a senha de um organizador (idem)
  npm run organiser -- list           lista os organizadores`;

const PASSWORD_IN_ARGS =
  'A senha não vai na linha de comando (outros usuários a veem com ps). Digite-a quando pedida, ou envie pela entrada padrão: printf \'%s\\n\' "$SENHA" | npm run organiser -- add EMAIL';

function checkCredentials(email: string | undefined, password: string | undefined): asserts password is string {
  if (!email) throw new Error(USAGE);
  if (!password) throw new Error('Senha vazia.');
  if (!EMAIL_PATTERN.test(email)) throw new Error(`E-mail inválido: ${email}`);
  if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`A senha precisa ter pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`);
}

export async function run(
  args: string[],
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  askPassword: () => Promise<string> = () => readPassword(),
): Promise<void> {
  const [command, email, ...rest] = args;
  if (!command || !['add', 'passwd', 'list'].includes(command)) throw new Error(USAGE);
  if (rest.length > 0) throw new Error(command === 'list' ? USAGE : PASSWORD_IN_ARGS);
  if (command !== 'list' && !email) throw new Error(USAGE);
  if (command !== 'list' && !EMAIL_PATTERN.test(email)) throw new Error(`E-mail inválido: ${email}`);
  const password = command === 'list' ? undefined : await askPassword();

  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  prepareDataDir(config);
  const { db, dialect } = await openDatabase(config);
  try {
    await migrateToLatest(db, dialect);
    if (command === 'list') {
      const organisers = await listOrganisers(db);
      if (organisers.length === 0) out('Nenhum organizador cadastrado.');
      for (const organiser of organisers) out(`${organiser.email}\t${organiser.created_at}`);
    } else if (command === 'add') {
      checkCredentials(email, password);
      if (await findOrganiserByEmail(db, email)) throw new Error(`Já existe um organizador com o e-mail ${email}.`);
      await createOrganiser(db, email, password);
      out(`Organizador ${email.toLowerCase()} criado.`);
    } else {
      checkCredentials(email, password);
      if (!(await setOrganiserPassword(db, email, password))) throw new Error(`Organizador ${email} não encontrado.`);
      out(`Senha de ${email.toLowerCase()} atualizada.`);
    }
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  run(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
