import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { sql } from 'kysely';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...route(endpoints.health),
    handler: async (request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'database check failed');
        return reply.status(503).send({ status: 503, message: 'Banco de dados indisponível.' });
      }
      return { status: 'ok', database: app.dbDialect };
    },
  });
};

export default healthRoutes;
