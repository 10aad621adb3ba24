/**
 * Backup and restore from the command line (README, 'Backup and restore'):
 *   npm run backup -- DIR     a consistent copy of the database and the stored files into DIR (new or empty)
 *   npm run restore -- DIR    brings DIR back into an empty DATA_DIR (and, on PostgreSQL, an empty schema)
 * Uses the server's configuration (DATA_DIR, DATABASE_URL, DATABASE_SCHEMA); the server may run
 * during a backup. Under npm, relative paths are resolved against the folder npm ran in (INIT_CWD).
 */
import path from 'node:path';
import { loadConfig } from '../config';
import { ensureWritableFolder } from '../data-dir';
import { createBackup, restoreBackup } from '../infra/backup/backup';

const USAGE = `Uso:
  npm run backup -- PASTA    copia o banco e os arquivos para PASTA (nova ou vazia)
  npm run restore -- PASTA   restaura PASTA num DATA_DIR vazio`;

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export async function run(command: 'backup' | 'restore', args: string[], out: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Promise<void> {
  const [folder] = args;
  if (!folder || args.length > 1) throw new Error(USAGE);
  const cwd = process.env.INIT_CWD || process.cwd();
  const config = loadConfig(process.env, cwd);
  const dir = path.resolve(cwd, folder);

  if (command === 'backup') {
    const manifest = await createBackup(config, dir);
    const rows = Object.values(manifest.database.rows).reduce((sum, count) => sum + count, 0);
    out(`Cópia de segurança em ${dir}: banco ${manifest.database.dialect} (${count(rows, 'linha', 'linhas')}), ${count(manifest.files.count, 'arquivo', 'arquivos')} (${megabytes(manifest.files.bytes)}).`);
    if (manifest.files.missing.length > 0) {
      out(`Atenção: ${manifest.files.missing.length} arquivo(s) citados pelo banco foram apagados durante a cópia (listados em manifest.json, "missing").`);
    }
  } else {
    // Only the folder itself: a restore needs DATA_DIR empty, so nothing is made inside it first.
    ensureWritableFolder('DATA_DIR', config.dataDir);
    const manifest = await restoreBackup(config, dir);
    out(`Restaurado em ${config.dataDir}${config.databaseUrl ? ` e no esquema ${config.databaseSchema ?? 'public'}` : ''}: cópia de ${manifest.createdAt}, ${count(manifest.files.count, 'arquivo', 'arquivos')}.`);
  }
}

if (require.main === module) {
  const [command, ...args] = process.argv.slice(2);
  if (command !== 'backup' && command !== 'restore') {
    console.error(USAGE);
    process.exitCode = 1;
  } else {
    run(command, args).catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
  }
}
