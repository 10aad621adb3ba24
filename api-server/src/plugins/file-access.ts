import fp from 'fastify-plugin';
import { FileAccessIndex } from '../services/file-access-index';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 22: the stored files' current states, for the per-request access check of `/api/files`. */
    fileAccess: FileAccessIndex;
  }
}

export default fp(
  async (app) => {
    app.decorate('fileAccess', new FileAccessIndex(app.db));
  },
  { name: 'file-access', dependencies: ['db'] },
);
