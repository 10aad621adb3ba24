import { sql } from 'kysely';
import type { FastifyPluginAsync } from 'fastify';

const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        response: {
          200: { type: 'object', properties: { status: { type: 'string' }, database: { type: 'string' } } },
          503: { type: 'object', properties: { status: { type: 'number' }, message: { type: 'string' } } },
        },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'database check failed');
        return reply.status(503).send({ status: 503, message: 'Banco de dados indisponível.' });
      }
      return { status: 'ok', database: app.dbDialect };
    },
  );
};

export default healthRoutes;
