import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { HttpError } from '../../errors';

/**
 * Issue 27 item 6, SSRF: a webhook may only reach the public internet. An address is public when
 * ipaddr.js files it under 'unicast' (IPv4-mapped IPv6 addresses are judged as the IPv4 they carry);
 * private, loopback, link-local, carrier-grade NAT, unique-local, multicast, reserved, 6to4, Teredo and
 * the rest are refused unless WEBHOOK_ALLOW_PRIVATE is true. The check runs at save, on every address
 * the name resolves to, and again at every delivery on the very address the connection uses (the
 * request's own `lookup`, below), so a name that resolves elsewhere later (DNS rebinding) is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export const webhookMessages = {
  invalidUrl: 'Informe um endereço http:// ou https:// válido para o webhook.',
  credentialsInUrl: 'O endereço do webhook não pode conter usuário ou senha.',
  notResolved: (host: string) => `Não foi possível encontrar o endereço ${host}.`,
  privateAddress: (host: string) =>
    `O endereço ${host} aponta para uma rede privada ou local; webhooks só podem chamar endereços públicos (WEBHOOK_ALLOW_PRIVATE permite outras redes).`,
};

/** Refused: an address of a non-public network (at save: 400; at delivery: the attempt fails). */
export class PrivateAddressError extends HttpError {
  constructor(host: string) {
    super(400, webhookMessages.privateAddress(host));
  }
}

/** The URL's hostname as net and dns take it: IPv6 literals lose their brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Parses and checks the form of a webhook URL (http or https, a host, no credentials). */
export function parseWebhookUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new HttpError(400, webhookMessages.invalidUrl);
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw new HttpError(400, webhookMessages.invalidUrl);
  if (url.username !== '' || url.password !== '') throw new HttpError(400, webhookMessages.credentialsInUrl);
  return url;
}

/** At save: the URL's host, and every address its name resolves to, must be public (unless allowed). */
export async function assertPublicUrl(url: URL, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  const host = hostOf(url);
  if (net.isIP(host)) {
    if (!isPublicAddress(host)) throw new PrivateAddressError(host);
    return;
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new HttpError(400, webhookMessages.notResolved(host));
  }
  if (addresses.length === 0) throw new HttpError(400, webhookMessages.notResolved(host));
  if (addresses.some((entry) => !isPublicAddress(entry.address))) throw new PrivateAddressError(host);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * At delivery: a `lookup` for http.request that resolves the name and refuses when any address is not
 * public, so the connection goes to an address that was checked, never to a second answer of the DNS.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true, verbatim: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses;
      if (!allowPrivate && list.some((entry) => !isPublicAddress(entry.address))) return callback(new PrivateAddressError(hostname), '');
      if (options.all) return callback(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
      callback(null, first.address, first.family);
    });
  };
}
