import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, TicketParam } from './common';
import { DownloadTicket } from './events';

/** Issue 28: what the printable QR kit lays out. 'Cartões de mesa' (A6, four per A4), 'Cartaz' (A4), 'Adesivos' (5 × 5 cm). */
export const PrintableKind = StringEnum(['cards', 'poster', 'stickers']);
export type PrintableKind = Static<typeof PrintableKind>;

/** At most this many places in one kit (a QR code each). */
export const MAX_PRINTABLE_PLACES = 200;

/**
 * `GET /api/events/{id}/printables.pdf`: the kit as a PDF. `places` is a comma-separated list of
 * named places ('Pista,Bar,Cabine de fotos'), `tables` numbered tables ('1-20': 'Mesa 1' to
 * 'Mesa 20'); both together give the tables first. Without either, one code without a place.
 * The owner's token, or `ticket` from `POST /api/events/{id}/download-ticket` with `printables: true`.
 */
export const PrintablesQuery = Type.Object({
  kind: Type.Optional(PrintableKind),
  places: Type.Optional(Type.String({ maxLength: 8000 })),
  tables: Type.Optional(Type.String({ pattern: '^\\s*\\d{1,3}\\s*(-\\s*\\d{1,3}\\s*)?$' })),
  ticket: TicketParam,
});
export type PrintablesQuery = Static<typeof PrintablesQuery>;

/** `POST /api/events/{id}/printables-ticket`: a download ticket for the kit, and the PDF's URL without `kind` and places (added by the caller). */
export const PrintablesTicket = DownloadTicket;
export type PrintablesTicket = DownloadTicket;
