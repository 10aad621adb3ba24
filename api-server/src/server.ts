import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { listOrganisers } from './repositories/organisers';
import { startBanner } from './start-banner';

async function main(): Promise<void> {
  // Under npm (`npm start`, `npm run dev` at the root) a relative DATA_DIR means the folder npm ran in.
  const config = loadConfig(process.env, process.env.INIT_CWD ?? process.cwd());
  const app = await buildApp(config);

  let closing = false;
  const shutdown = (signal: string) => {
    // One Ctrl-C reaches the server twice under `npm start` (from the terminal and forwarded): the first counts.
    if (closing) return;
    closing = true;
    app.log.info({ signal, graceMs: config.guards.shutdownGraceMs }, 'shutting down: draining requests in flight');
    // Past the grace the requests are cut; this is the last resort should closing itself hang.
    const force = setTimeout(() => {
      app.log.error('shutdown timed out');
      process.exit(1);
    }, config.guards.shutdownGraceMs + 15_000);
    force.unref();
    app.lifecycle.shutdown().then(
      ({ cut }) => {
        app.log.info({ cut }, 'shut down');
        process.exit(0);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const organisers = (await listOrganisers(app.db)).length;
  console.info(startBanner(config, { organisers, setupCode: app.setupCode }).join('\n'));
}

main().catch((error: unknown) => {
  // A configuration the server refuses: one line naming the variable, no stack trace.
  if (error instanceof ConfigError) console.error(`Configuração inválida: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
