import fastifyCompress from '@fastify/compress';
import fastifyCors from '@fastify/cors';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { fastifyTrustProxy, type Config } from './config';
import { prepareDataDir } from './data-dir';
import { clientErrorHandler, frameworkErrors } from './http/framework-errors';
import { loggerOptions } from './http/log-redaction';
import authPlugin from './plugins/auth';
import dbPlugin from './plugins/db';
import fileAccessPlugin from './plugins/file-access';
import errorsPlugin from './plugins/errors';
import mailPlugin from './plugins/mail';
import storagePlugin from './plugins/storage';
import webPlugin from './plugins/web';
import albumRoutes from './routes/albums';
import authRoutes from './routes/auth';
import setupRoutes from './routes/setup';
import accountRoutes from './routes/account';
import teamRoutes from './routes/team';
import eventRoutes from './routes/events';
import fileRoutes from './routes/files';
import contentBackfillPlugin from './plugins/content-backfill';
import chunkSessionsPlugin from './plugins/chunk-sessions';
import orphanSweepPlugin from './plugins/orphan-sweep';
import alertsPlugin from './plugins/alerts';
import dailySummaryPlugin from './plugins/daily-summary';
import ingestPlugin from './plugins/ingest';
import exiftoolPlugin from './plugins/exiftool';
import mediaWorkerPlugin from './plugins/media-worker';
import webhooksPlugin from './plugins/webhooks';
import webhookRoutes from './routes/webhooks';
import realtimePlugin from './plugins/realtime';
import securityHeadersPlugin from './plugins/security-headers';
import lifecyclePlugin from './plugins/lifecycle';
import lingeringClosePlugin from './plugins/lingering-close';
import diskGuardPlugin from './plugins/disk-guard';
import bodyIdleTimeoutPlugin from './plugins/body-idle-timeout';
import upgradeGuardPlugin from './plugins/upgrade-guard';
import chunkRoutes from './routes/chunks';
import healthRoutes from './routes/health';
import photoRoutes from './routes/photos';
import photoModerationRoutes from './routes/photo-moderation';
import photoPreviewRoutes from './routes/photo-preview';
import uploadRateLimitPlugin from './plugins/upload-rate-limit';
import uploadBodiesPlugin from './plugins/upload-bodies';
import downloadRoutes from './routes/downloads';
import wallRoutes from './routes/wall';
import inviteRoutes from './routes/invite';
import messageRoutes from './routes/messages';
import reactionRoutes from './routes/reactions';
import printableRoutes from './routes/printables';
import wsTicketRoutes from './routes/ws-ticket';

/** A registered route and the contract's schemas it validates with. */
export interface RouteEntry {
  method: string;
  url: string;
  schema?: { params?: unknown; querystring?: unknown; body?: unknown };
  websocket: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteEntry[];
  }
}

/** Builds the app: plugins first, then routes. `server.ts` starts it; tests start it on port 0. */
export async function buildApp(config: Config): Promise<FastifyInstance> {
  // Before any plugin measures, opens or writes under it (the disk guard's statfs was first, and crashed).
  prepareDataDir(config);
  const app = Fastify({
    // Issue 23: URLs and headers are logged with their secrets redacted (http/log-redaction.ts).
    logger: config.logLevel === 'silent' ? false : loggerOptions(config.logLevel),
    // X-Forwarded-For (and -Proto, -Host) is believed only from the proxies TRUST_PROXY names.
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // During a shutdown the lifecycle plugin answers new requests itself (503, Retry-After, JSON).
    return503OnClosing: false,
    // Issue 23: refusals made before routing answer {status, message} too.
    frameworkErrors,
    clientErrorHandler,
  });

  // Issue 23: PIN_MAX_FAILURES_PER_EVENT, read by the PIN check (http/event-pin.ts).
  app.decorate('pinLimits', config.pinLimits);
  // Issue 23: every route with its schemas, as registered (the contract fuzz test sends requests derived from them).
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routeTable.push({ method: String(method), url: route.url, schema: route.schema, websocket: Boolean((route as { websocket?: boolean }).websocket) });
  });

  try {
    await app.register(errorsPlugin);
    await app.register(securityHeadersPlugin, { config });
    await app.register(lifecyclePlugin, { config });
    await app.register(lingeringClosePlugin);
    await app.register(upgradeGuardPlugin);
    await app.register(bodyIdleTimeoutPlugin, { config });
    await app.register(diskGuardPlugin, { config });
    await app.register(fastifyCors, {
      // Issue 23: the public origin by default; '' sends no CORS header (same-origin pages need none).
      origin: config.corsOrigin === '*' ? '*' : config.corsOrigin === '' ? false : config.corsOrigin.split(',').map((origin) => origin.trim()),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['authentication', 'authorization', 'content-type', 'accept', 'origin', 'x-requested-with', 'x-delete-key'],
      exposedHeaders: ['authentication'],
    });
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      customTypes: /^(text\/(html|css|javascript|plain)|application\/(javascript|json|manifest\+json)|image\/svg\+xml)(;|$)/,
    });
    await app.register(fastifyMultipart);
    await app.register(dbPlugin, { config });
    await app.register(storagePlugin, { config });
    await app.register(authPlugin, { config });
    await app.register(mailPlugin, { config });
    await app.register(fileAccessPlugin);
    await app.register(realtimePlugin, { config });
    await app.register(uploadRateLimitPlugin, { config });
    await app.register(uploadBodiesPlugin, { config });
    await app.register(exiftoolPlugin, { config });
    await app.register(mediaWorkerPlugin, { config });
    await app.register(alertsPlugin, { config });
    await app.register(dailySummaryPlugin, { config });
    await app.register(webhooksPlugin, { config });
    await app.register(ingestPlugin, { config });
    await app.register(chunkSessionsPlugin, { config });
    await app.register(orphanSweepPlugin, { config });
    await app.register(contentBackfillPlugin);

    await app.register(healthRoutes);
    await app.register(authRoutes, { config });
    await app.register(setupRoutes, { config });
    await app.register(accountRoutes, { config });
    await app.register(teamRoutes, { config });
    await app.register(webhookRoutes, { config });
    await app.register(eventRoutes, { config });
    await app.register(inviteRoutes);
    await app.register(albumRoutes);
    await app.register(fileRoutes);
    await app.register(photoRoutes, { config });
    await app.register(photoModerationRoutes);
    await app.register(photoPreviewRoutes);
    await app.register(downloadRoutes, { config });
    await app.register(printableRoutes, { config });
    await app.register(wallRoutes, { config });
    await app.register(chunkRoutes, { config });
    await app.register(wsTicketRoutes);
    await app.register(messageRoutes, { config });
    await app.register(reactionRoutes, { config });
    await app.register(webPlugin, { config });
    await app.ready();
  } catch (error) {
    await app.close().catch(() => undefined);
    throw error;
  }
  return app;
}
