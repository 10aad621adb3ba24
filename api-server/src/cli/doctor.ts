/**
 * `npm run doctor` (issue 23): checks what the server stands on and says what is wrong, in
 * Portuguese, one line per check; exits 1 when something is. DATA_DIR (made when missing), the
 * database (reachable, migrations), the storage (local folder or bucket), free disk under DATA_DIR,
 * ffmpeg, and stored files no row points at (what a crashed request left; the server's sweep removes
 * them after ORPHAN_GRACE). Reads the server's configuration; changes nothing but DATA_DIR's folders.
 */
import { execFile } from 'node:child_process';
import { ConfigError, loadConfig, type Config } from '../config';
import { prepareDataDir } from '../data-dir';
import { openDatabase, pendingMigrations, type DatabaseHandle } from '../db/connection';
import { defaultMinimumFree, measureDisk } from '../infra/disk-headroom';
import { scanOrphans } from '../services/orphans';
import type { Storage } from '../infra/storage';
import { openStorage } from '../infra/storage/open';

const gb = (bytes: number) => `${(bytes / 1024 ** 3).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} GB`;
const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).split('\n')[0];

function ffmpegVersion(ffmpeg: string): Promise<string> {
  return new Promise((resolve, reject) =>
    execFile(ffmpeg, ['-hide_banner', '-version'], { timeout: 10_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout.split('\n')[0]))),
  );
}

/** Runs every check; answers whether all passed. `out` gets one line per check. */
export async function doctor(config: Config, out: (line: string) => void): Promise<boolean> {
  let healthy = true;
  const ok = (line: string) => out(`✓ ${line}`);
  const bad = (line: string) => {
    healthy = false;
    out(`✗ ${line}`);
  };

  try {
    prepareDataDir(config);
    ok(`DATA_DIR: ${config.dataDir}`);
  } catch (error) {
    // The one line naming DATA_DIR; nothing else can be checked without it.
    out(`✗ ${error instanceof ConfigError ? error.message : reason(error)}`);
    return false;
  }

  try {
    const { free, total } = await measureDisk(config.dataDir);
    const floor = config.guards.minFreeDiskBytes ?? defaultMinimumFree(total);
    if (free < floor) bad(`Disco: ${gb(free)} livres de ${gb(total)}, abaixo do mínimo de ${gb(floor)} (MIN_FREE_DISK): os envios são recusados.`);
    else ok(`Disco: ${gb(free)} livres de ${gb(total)} (mínimo ${gb(floor)}).`);
  } catch (error) {
    bad(`Disco: não foi possível medir o espaço livre em ${config.dataDir} (${reason(error)}).`);
  }

  if (!config.media.ffmpegPath) {
    out(process.env.FFMPEG_PATH ? '– ffmpeg: desativado (FFMPEG_PATH); vídeos ficam sem capa.' : '✗ ffmpeg: não encontrado no PATH; vídeos ficam sem capa. Instale o ffmpeg ou defina FFMPEG_PATH=none.');
    if (!process.env.FFMPEG_PATH) healthy = false;
  } else {
    try {
      ok(`ffmpeg: ${await ffmpegVersion(config.media.ffmpegPath)}`);
    } catch (error) {
      bad(`ffmpeg: ${config.media.ffmpegPath} não executa (${reason(error)}).`);
    }
  }

  let database: DatabaseHandle | null = null;
  let storage: Storage | null = null;
  try {
    try {
      database = await openDatabase(config);
      const pending = await pendingMigrations(database.db, database.dialect);
      const where = config.databaseUrl ? `PostgreSQL${config.databaseSchema ? ` (esquema ${config.databaseSchema})` : ''}` : 'SQLite';
      if (pending.length === 0) ok(`Banco de dados: ${where}, migrações em dia.`);
      else out(`– Banco de dados: ${where}, ${pending.length} migração(ões) pendente(s) (${pending.join(', ')}): o servidor as aplica ao iniciar.`);
    } catch (error) {
      bad(`Banco de dados: inacessível (${reason(error)}). Verifique DATABASE_URL.`);
      database = null;
    }

    try {
      storage = openStorage(config);
      await storage.check();
      ok(storage.driver === 's3' ? `Bucket: ${config.storage.s3!.bucket} acessível.` : `Armazenamento local: ${config.dataDir}/files.`);
    } catch (error) {
      bad(`${config.storage.driver === 's3' ? 'Bucket' : 'Armazenamento'}: ${reason(error)}`);
      await storage?.close().catch(() => undefined);
      storage = null;
    }

    if (database && storage) {
      const tables = await database.db.selectFrom('photos').select('id').limit(1).execute().then(() => true, () => false);
      if (!tables) {
        out('– Arquivos sem registro: o banco ainda não tem tabelas (inicie o servidor uma vez).');
      } else {
        const scan = await scanOrphans({ db: database.db, storage }, new Date(Date.now() - config.guards.orphanGraceMs));
        if (scan.orphans.length > 0) {
          bad(`Arquivos sem registro: ${scan.orphans.length} de ${scan.scanned} (o servidor os remove sozinho; primeiros: ${scan.orphans.slice(0, 5).map((file) => file.key).join(', ')}).`);
        } else {
          ok(`Arquivos sem registro: nenhum de ${scan.scanned}.`);
        }
        if (scan.recent.length > 0) out(`– ${scan.recent.length} arquivo(s) recentes ainda sem registro: envios em andamento (ORPHAN_GRACE).`);
      }
    }
  } finally {
    await storage?.close().catch(() => undefined);
    await database?.db.destroy().catch(() => undefined);
  }
  out(healthy ? 'Tudo certo.' : 'Há problemas: veja as linhas marcadas com ✗.');
  return healthy;
}

if (require.main === module) {
  let config: Config;
  try {
    config = loadConfig(process.env, process.env.INIT_CWD || process.cwd());
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuração inválida: ${error.message}` : reason(error));
    process.exit(1);
  }
  doctor(config, (line) => process.stdout.write(`${line}\n`)).then(
    (healthy) => process.exit(healthy ? 0 : 1),
    (error: unknown) => {
      console.error(reason(error));
      process.exit(1);
    },
  );
}
