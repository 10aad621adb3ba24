import path from 'node:path';
import type { Config } from './config';

export interface StartFacts {
  /** Organiser accounts that exist when the server starts listening. */
  organisers: number;
  /** Issue 27: the one-time code for the first account from the browser (while no organiser exists). */
  setupCode?: string | null;
}

/**
 * What `npm start` prints once the server listens, for a person reading the terminal (the JSON log
 * lines are for machines): the address to open, where the data is, which storage and database run,
 * and while nobody can sign in yet, how to make the first organiser.
 */
export function startBanner(config: Config, facts: StartFacts): string[] {
  const local = `http://localhost:${config.port}`;
  const relative = (folder: string) => {
    const shown = path.relative(process.cwd(), folder);
    return shown && !shown.startsWith('..') ? shown : folder;
  };
  const database = config.databaseUrl
    ? `PostgreSQL (${redactUrl(config.databaseUrl)}${config.databaseSchema ? `, esquema ${config.databaseSchema}` : ''})`
    : `SQLite (${relative(path.join(config.dataDir, 'momentos.sqlite'))})`;
  const storage = config.storage.driver === 's3'
    ? `S3 (bucket ${config.storage.s3!.bucket}${config.storage.s3!.endpoint ? ` em ${config.storage.s3!.endpoint}` : ''})`
    : `disco local (${relative(path.join(config.dataDir, 'files'))})`;
  const lines = [
    '',
    `Momentos no ar: abra ${config.publicUrl ?? local}${config.publicUrl ? ` (nesta máquina: ${local})` : ''}`,
    `  Dados:          ${relative(config.dataDir)}`,
    `  Banco de dados: ${database}`,
    `  Arquivos:       ${storage}`,
  ];
  if (facts.organisers === 0) {
    lines.push('', 'Ainda não há organizador.');
    if (facts.setupCode) {
      lines.push(
        `Abra ${config.publicUrl ?? local} no navegador, escolha 'Criar a primeira conta' e use o`,
        `  Código de configuração: ${facts.setupCode}`,
        'ou crie o primeiro em outro terminal:',
      );
    } else {
      lines.push('Crie o primeiro em outro terminal:');
    }
    lines.push(
      '  npm run organiser -- add voce@exemplo.com   (a senha é pedida no terminal)',
      "ou reinicie com ORGANISER_EMAIL=voce@exemplo.com ORGANISER_PASSWORD='uma-senha-segura' npm start",
    );
  }
  lines.push('', 'Ctrl-C para parar.', '');
  return lines;
}

/** A connection string without its password, fit for a terminal. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.href;
  } catch {
    return 'URL inválida';
  }
}
