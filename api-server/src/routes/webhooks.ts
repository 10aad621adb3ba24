import { endpoints, type WebhookDelivery } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { requireEventRole } from '../http/event-role';
import { assertPublicUrl, parseWebhookUrl } from '../infra/webhooks/address-guard';
import { newWebhookSecret, WEBHOOK_EVENT_TYPES } from '../services/webhooks/delivery';
import { HttpError } from '../errors';
import { deleteWebhook, findWebhookForEvent, recentDeliveries, replaceSecret, saveWebhook, type WebhookDeliveryRow, type WebhookRow } from '../repositories/webhooks';

const presentWebhook = (row: WebhookRow) => ({ url: row.url, created_at: row.created_at, updated_at: row.updated_at });

const presentDelivery = (row: WebhookDeliveryRow): WebhookDelivery => ({
  id: row.id,
  event_type: row.event_type as WebhookDelivery['event_type'],
  status: row.status as WebhookDelivery['status'],
  attempts: Number(row.attempts),
  response_status: row.response_status === null ? null : Number(row.response_status),
  error: row.error,
  next_attempt_at: row.next_attempt_at,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

const noWebhook = 'Este evento não tem webhook.';

/**
 * Issue 27 item 6: the event's webhook ('Integrações', owner only: permission `integrations.manage`).
 * The secret is shown once, when made or regenerated; the address is checked against non-public networks.
 */
const webhookRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  const owner = { preHandler: app.requireOrganiser };

  app.route({ ...route(endpoints.webhook), ...owner, handler: async (request, reply) => {
    const { event } = await requireEventRole(app.db, request, request.params.id, 'integrations.manage');
    const webhook = await findWebhookForEvent(app.db, event.id);
    reply.header('cache-control', 'no-store');
    return {
      webhook: webhook ? presentWebhook(webhook) : null,
      deliveries: webhook ? (await recentDeliveries(app.db, webhook.id)).map(presentDelivery) : [],
      events: [...WEBHOOK_EVENT_TYPES],
    };
  } });

  app.route({
    ...route(endpoints.saveWebhook),
    ...owner,
    handler: async (request, reply) => {
      const { event } = await requireEventRole(app.db, request, request.params.id, 'integrations.manage');
      const url = parseWebhookUrl(request.body.url);
      await assertPublicUrl(url, config.webhooks.allowPrivate);
      const { webhook, created } = await saveWebhook(app.db, event.id, url.href, newWebhookSecret);
      reply.header('cache-control', 'no-store');
      return reply.status(created ? 201 : 200).send({ webhook: presentWebhook(webhook), ...(created ? { secret: webhook.secret } : {}) });
    },
  });

  app.route({
    ...route(endpoints.newWebhookSecret),
    ...owner,
    handler: async (request, reply) => {
      const { event } = await requireEventRole(app.db, request, request.params.id, 'integrations.manage');
      const webhook = await findWebhookForEvent(app.db, event.id);
      if (!webhook) throw new HttpError(404, noWebhook);
      const secret = newWebhookSecret();
      await replaceSecret(app.db, webhook.id, secret);
      reply.header('cache-control', 'no-store');
      return { webhook: presentWebhook({ ...webhook, updated_at: new Date().toISOString() }), secret };
    },
  });

  app.route({ ...route(endpoints.deleteWebhook), ...owner, handler: async (request) => {
    const { event } = await requireEventRole(app.db, request, request.params.id, 'integrations.manage');
    if (!(await deleteWebhook(app.db, event.id))) throw new HttpError(404, noWebhook);
    return { status: 200, message: 'Webhook removido.' };
  } });
};

export default webhookRoutes;
