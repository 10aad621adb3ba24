import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { DiskHeadroom } from '../infra/disk-headroom';
import { HttpError, messages } from '../errors';
import { interruptRequest } from './interrupt';

declare module 'fastify' {
  interface FastifyInstance {
    diskHeadroom: DiskHeadroom;
  }
}

/** The routes that write a guest's bytes to DATA_DIR (tmp first, then storage). */
export const UPLOAD_ROUTES = new Set(['POST /api/events/photos', 'POST /api/events/photos/chunk/init', 'POST /api/events/photos/chunk/upload']);

/** How often uploads in flight are weighed against the free space. */
const WATCH_MS = 200;

interface Streaming {
  reply: FastifyReply;
  seen: number;
}

/**
 * Disk headroom: while DATA_DIR's disk has less than MIN_FREE_DISK free, uploads are refused with 507
 * before a byte is written; one that declares more than the room left is refused at once; and uploads
 * in flight are stopped (507, their temporary files removed by the route) as soon as the bytes they
 * receive would take the disk below the floor. Uploads land in DATA_DIR/tmp whatever the storage
 * driver, so the guard holds with S3 too.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    const headroom = new DiskHeadroom(config.dataDir, config.guards.minFreeDiskBytes);
    app.decorate('diskHeadroom', headroom);
    app.log.info({ minimumFree: await headroom.minimumFree() }, 'disk guard ready');

    const streaming = new Map<FastifyRequest, Streaming>();
    let timer: NodeJS.Timeout | null = null;
    let checking = false;

    const untrack = (request: FastifyRequest) => {
      streaming.delete(request);
      if (streaming.size > 0) return;
      headroom.settle();
      if (timer) {
        clearInterval(timer);
        timer = null;
      }
    };

    async function watch(): Promise<void> {
      if (checking) return;
      checking = true;
      try {
        for (const [request, entry] of streaming) {
          const read = request.raw.socket?.bytesRead ?? entry.seen;
          headroom.received(Math.max(0, read - entry.seen));
          entry.seen = read;
          if (request.raw.complete || entry.reply.sent) untrack(request);
        }
        if (streaming.size === 0 || (await headroom.hasRoomFor(0))) return;
        for (const [request, entry] of streaming) {
          untrack(request);
          interruptRequest(request, entry.reply, 507, messages.diskFull);
        }
      } finally {
        checking = false;
      }
    }

    app.addHook('onRequest', async (request, reply) => {
      if (!UPLOAD_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
      const declared = Number(request.headers['content-length']);
      if (!(await headroom.hasRoomFor(Number.isFinite(declared) && declared > 0 ? declared : 0))) {
        reply.header('connection', 'close');
        throw new HttpError(507, messages.diskFull);
      }
      if (request.raw.complete) return;
      streaming.set(request, { reply, seen: request.raw.socket?.bytesRead ?? 0 });
      reply.raw.once('close', () => untrack(request));
      timer ??= setInterval(() => {
        watch().catch((error: unknown) => app.log.error({ err: error }, 'disk guard check failed'));
      }, WATCH_MS);
      timer.unref();
    });

    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
    });
  },
  { name: 'disk-guard' },
);
