import type { PrintableKind } from '@momentos/api-client';
import { MAX_PLACE_LENGTH, normalisePlace } from '@momentos/app-manifest/dist/invite-place';
import { formatText } from '@momentos/design-kit';
import { texts } from '../../texts';

/** What the organiser chose on 'Imprimir QR' (issue 28). */
export interface KitChoice {
  kind: PrintableKind;
  tables: boolean;
  tablesFrom: string;
  tablesTo: string;
  /** Named places, comma-separated: 'Pista, Bar, Cabine de fotos'. */
  named: string;
}

export const initialChoice: KitChoice = { kind: 'cards', tables: false, tablesFrom: '1', tablesTo: '20', named: '' };

/** The server's limit on places in one PDF. */
export const MAX_PLACES = 200;

/** Codes on one A4 page: four A6 cards, one poster, fifteen 5 × 5 cm stickers. */
export const perPage: Record<PrintableKind, number> = { cards: 4, poster: 1, stickers: 15 };

export type KitPlaces = { ok: true; places: string[] } | { ok: false; message: string };

/** The places the PDF will have, as the server reads them: tables first, then named ones, each once. */
export function kitPlaces(choice: KitChoice): KitPlaces {
  const t = texts.printKit.errors;
  const places: string[] = [];
  if (choice.tables) {
    const from = Number(choice.tablesFrom);
    const to = Number(choice.tablesTo);
    if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < from || to > 999) return { ok: false, message: t.tablesRange };
    if (to - from + 1 > MAX_PLACES) return { ok: false, message: formatText(t.tooMany, { max: MAX_PLACES }) };
    for (let table = from; table <= to; table += 1) places.push(`Mesa ${table}`);
  }
  for (const raw of choice.named.split(/[,\n]/)) {
    const place = normalisePlace(raw);
    if (place === null) continue;
    if (place.length > MAX_PLACE_LENGTH) return { ok: false, message: formatText(t.tooLong, { place: `${place.slice(0, 20)}…`, max: MAX_PLACE_LENGTH }) };
    places.push(place);
  }
  const unique = [...new Set(places)];
  if (unique.length > MAX_PLACES) return { ok: false, message: formatText(t.tooMany, { max: MAX_PLACES }) };
  return { ok: true, places: unique };
}

/** The codes laid out on each page, as the PDF does: without places a full page of the invite's code. */
export function kitPages(kind: PrintableKind, places: readonly string[]): (string | null)[][] {
  const codes: (string | null)[] = places.length > 0 ? [...places] : Array.from({ length: kind === 'poster' ? 1 : perPage[kind] }, () => null);
  const pages: (string | null)[][] = [];
  for (let start = 0; start < codes.length; start += perPage[kind]) pages.push(codes.slice(start, start + perPage[kind]));
  return pages;
}

/** 'n códigos em p páginas' under the preview. */
export function kitSummary(places: readonly string[], pageCount: number): string {
  const t = texts.printKit;
  const pages = pageCount === 1 ? t.onePage : formatText(t.pages, { n: pageCount });
  return places.length <= 1 ? formatText(t.summaryOne, { pages }) : formatText(t.summary, { n: places.length, pages });
}

/** The PDF's query after the ticket: `kind`, the tables' range and the named places (a valid choice). */
export function kitQuery(choice: KitChoice): string {
  const query = new URLSearchParams({ kind: choice.kind });
  if (choice.tables) query.set('tables', `${Number(choice.tablesFrom)}-${Number(choice.tablesTo)}`);
  const named = choice.named.split(/[,\n]/).map(normalisePlace).filter((place): place is string => place !== null);
  if (named.length > 0) query.set('places', named.join(','));
  return query.toString();
}

/** 'YYYY-MM-DD HH:mm' as the cards print it: 'DD/MM/YYYY HH:mm'. */
export const printedDate = (date: string) => date.replace(/^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}).*$/, '$3/$2/$1 $4:$5');
