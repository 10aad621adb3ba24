import fp from 'fastify-plugin';
import type { Config } from '../config';
import { keepExiftoolRunning, type Exiftool } from '../infra/media/exiftool';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 22's guest copies without location: exiftool kept running; null without exiftool (EXIFTOOL_PATH=none). */
    exiftool: Exiftool | null;
  }
}

/** How long one exiftool command may run: a guest copy of a long video rewrites the whole file. */
const COMMAND_TIMEOUT_MS = 120_000;

export default fp<{ config: Config }>(
  async (app, { config }) => {
    const { exiftoolPath, concurrency } = config.media;
    // As many processes as media jobs run at once (one at least: the file route makes copies on first use too).
    const exiftool = exiftoolPath ? keepExiftoolRunning({ path: exiftoolPath, processes: concurrency, timeoutMs: COMMAND_TIMEOUT_MS }) : null;
    app.decorate('exiftool', exiftool);
    // After the media queue has stopped (preClose) and the last request has been answered.
    app.addHook('onClose', async () => {
      await exiftool?.end();
    });
  },
  { name: 'exiftool' },
);
