import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The origin links to the app point to (invite, wall): PUBLIC_URL, else the caller's Origin header, else this request's own origin. */
export function publicOrigin(request: FastifyRequest, config: Pick<Config, 'publicUrl'>): string {
  if (config.publicUrl) return config.publicUrl;
  const origin = request.headers.origin;
  if (origin && /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(origin)) return origin;
  return `${request.protocol}://${request.host}`;
}
