import { endpoints } from '@momentos/api-contract';
import { route } from '../http/endpoint-route';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Config } from '../config';
import { downloadHolder, sendAttachment, ticketAnswer } from '../http/download-ticket';
import { safeName } from '../infra/event-zip';
import { kitEventImage } from '../infra/printables/event-image';
import { buildKitPdf } from '../domain/printables/kit-pdf';
import { readPlaces } from '../domain/printables/places';
import { publicOrigin } from '../http/public-origin';
import { requireEventRole } from '../http/event-role';
import { eventAccess } from '../services/team/event-access';

/**
 * The printable QR kit (issue 28): table cards, a poster or stickers as a PDF made here, one QR code
 * per place. The owner's token, or a ticket (a browser's download cannot send the header).
 */
const printableRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.route({
    ...route(endpoints.printablesTicket),
    preHandler: app.requireOrganiser,
    handler: async (request) => {
      const { event } = await requireEventRole(app.db, request, request.params.id, 'event.edit');
      return ticketAnswer({ eventId: event.id, printables: true, organiserId: request.organiser!.id }, app.jwtSecret, `/api/events/${event.id}/printables.pdf`);
    },
  });

  app.route({ ...route(endpoints.printables), handler: async (request, reply) => {
    const organiserId = await downloadHolder(app, request, request.query.ticket, { eventId: request.params.id, printables: true });
    const places = readPlaces(request.query);
    // Issue 27: whoever may edit the event prints its cards (the owner and co-organisers).
    const { event } = await eventAccess(app.db, request.params.id, organiserId, 'event.edit');

    const kind = request.query.kind ?? 'cards';
    const pdf = await buildKitPdf(
      {
        name: event.name,
        date: event.date,
        image: await kitEventImage(app.storage, event, (error) => request.log.warn({ err: error, eventId: event.id }, 'event image left out of the QR kit')),
        inviteLink: `${publicOrigin(request, config)}/invite/${event.code}`,
      },
      kind,
      places,
    );
    const fileName = `${safeName(event.name, 'evento')} - QR codes.pdf`;
    return sendAttachment(reply, 'application/pdf', fileName, pdf);
  } });
};

export default printableRoutes;
