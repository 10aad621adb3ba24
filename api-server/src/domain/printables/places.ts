import { MAX_PRINTABLE_PLACES } from '@momentos/api-contract';
import { MAX_PLACE_LENGTH, normalisePlace } from '@momentos/app-manifest/dist/invite-place';
import { HttpError } from '../../errors';

/** The place an upload says it came from (the invite's `?local=`), as stored: at most 40 characters; null without one. */
export function uploadPlace(raw: string | null | undefined): string | null {
  const place = normalisePlace(raw);
  return place === null ? null : place.slice(0, MAX_PLACE_LENGTH);
}

/**
 * The places of a printable kit (issue 28), from the request: numbered tables ('1-20': 'Mesa 1' to
 * 'Mesa 20') first, then the named ones ('Pista,Bar,Cabine de fotos'), each once. An empty list means
 * one code without a place. Bad input is a 400 with the reason.
 */
export function readPlaces(query: { places?: string; tables?: string }): string[] {
  const places: string[] = [];
  if (query.tables !== undefined) {
    const [from, to] = query.tables.split('-').map((part) => Number(part.trim()));
    const first = to === undefined ? 1 : from;
    const last = to === undefined ? from : to;
    if (!(first >= 1 && last >= first)) throw new HttpError(400, "O campo 'tables' deve ser um intervalo como 1-20.");
    if (last - first + 1 > MAX_PRINTABLE_PLACES) throw new HttpError(400, `No máximo ${MAX_PRINTABLE_PLACES} locais por arquivo.`);
    for (let table = first; table <= last; table += 1) places.push(`Mesa ${table}`);
  }
  for (const raw of (query.places ?? '').split(/[,\n]/)) {
    const place = normalisePlace(raw);
    if (place === null) continue;
    if (place.length > MAX_PLACE_LENGTH) throw new HttpError(400, `O nome do local '${place.slice(0, MAX_PLACE_LENGTH)}…' passa de ${MAX_PLACE_LENGTH} caracteres.`);
    places.push(place);
  }
  const unique = [...new Set(places)];
  if (unique.length > MAX_PRINTABLE_PLACES) throw new HttpError(400, `No máximo ${MAX_PRINTABLE_PLACES} locais por arquivo.`);
  return unique;
}
