import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import fp from 'fastify-plugin';
import { defaultEntryUrl, remoteNames, remotes, routes } from '@momentos/app-manifest';
import type { Config } from '../config';
import {
  pagePolicyDirectives,
  PERMISSIONS_POLICY,
  rendersAsMedia,
  SANDBOXED_FILE_POLICY,
  watchedInlineHashes,
} from '../web/content-security-policy';
import { earlyRequestsScriptHash } from '../web/early-requests';

/** Paths whose answers other origins may embed: the remotes' code (a shell elsewhere loads it) and stored files. */
const EMBEDDABLE = /^\/(remotes\/|api\/files(\/|\?|$))/;
const FILES = /^\/api\/files(\/|\?|$)/;

/**
 * The browser's security headers on every answer: a Content-Security-Policy for the pages (scripts
 * only from us and the remotes' origins), no framing, nosniff, a strict referrer, the camera for us
 * only. Stored files that are not images or videos are downloads in a sandbox, never a page.
 */
export default fp<{ config: Config }>(
  async (app, { config }) => {
    // The inline styles a page may carry: the shell's page, and the critical CSS of every view the
    // server paints into it (issue 13's first paint, from each remote's built template); and the
    // inline scripts of those templates (issue 29: the entry's and the name step's checks of what
    // the device stored, which hide the painted view when the app will show something else).
    const paintTemplates = [...new Set(routes.flatMap((route) => (route.firstPaint ? [path.join(config.webRoot, remotes[route.remote].folder, 'dist', route.firstPaint.template)] : [])))];
    const styledPages = [path.join(config.webRoot, 'shell', 'dist', 'index.html'), ...paintTemplates].map((file) => watchedInlineHashes(file));
    const scriptedTemplates = paintTemplates.map((file) => watchedInlineHashes(file, 'script'));
    const directives = pagePolicyDirectives({
      remoteEntryUrls: remoteNames.map((name) => config.remotes[name] ?? defaultEntryUrl(name)),
      // Both storage drivers serve files through /api/files, on our origin. A driver that sends the
      // browser to the bucket itself (presigned URLs) adds the bucket's public origin here.
      storageOrigins: [],
      inlineStyleHashes: () => styledPages.flatMap((hashesOf) => hashesOf()),
      // And the organiser pages' early reads (issue 29, web/early-requests.ts).
      inlineScriptHashes: () => [...scriptedTemplates.flatMap((hashesOf) => hashesOf()), earlyRequestsScriptHash],
    });

    await app.register(fastifyHelmet, {
      contentSecurityPolicy: { useDefaults: false, directives },
      // A plain-HTTP deployment (a laptop on the party's Wi-Fi) must keep working: no forced HTTPS.
      strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: false },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      // Cross-origin remotes are plain scripts without CORP headers of their own: no COEP.
      crossOriginEmbedderPolicy: false,
    });

    app.addHook('onRequest', async (request, reply) => {
      reply.header('permissions-policy', PERMISSIONS_POLICY);
      if (EMBEDDABLE.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!FILES.test(request.url) || reply.statusCode >= 300) return payload;
      if (!rendersAsMedia(reply.getHeader('content-type') as string | undefined)) {
        reply.header('content-security-policy', SANDBOXED_FILE_POLICY);
        const disposition = String(reply.getHeader('content-disposition') ?? '');
        if (!disposition.startsWith('attachment')) reply.header('content-disposition', 'attachment');
      }
      return payload;
    });
  },
  { name: 'security-headers' },
);
