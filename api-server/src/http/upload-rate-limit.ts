/** A route's `config` that counts it toward the client's upload budget. */
export const rateLimited = { uploadRateLimited: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Issue 16: the route counts toward the client's UPLOAD_RATE_LIMIT. */
    uploadRateLimited?: boolean;
  }
}
