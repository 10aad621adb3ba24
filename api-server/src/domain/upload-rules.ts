import { MAX_USER_ID } from '@momentos/api-contract';

/** Longest client file name kept (the idempotency key's name part); longer names are cut. */
export const MAX_CLIENT_FILE_NAME = 255;

const MB = 1024 * 1024;
const formatMb = (bytes: number) => `${Math.round((bytes / MB) * 10) / 10}MB`;

/** Spec §8's server 413 message, with the configured limit (200MB by default). */
export const totalTooLargeMessage = (limit: number) =>
  `O servidor recusou o upload porque o tamanho total do arquivo é muito grande (limite de ${formatMb(limit)}). Envie menos arquivos por vez ou arquivos menores.`;

export const fileTooLargeMessage = (name: string, limit: number) =>
  `Arquivo muito grande: ${name || 'sem nome'}. Limite: ${limit >= 1024 * MB && limit % (1024 * MB) === 0 ? `${limit / (1024 * MB)}GB` : formatMb(limit)} por arquivo.`;

export const tooManyFilesMessage = (limit: number) => `Muitos arquivos em um único envio (máximo ${limit}). Envie em lotes menores.`;

/** Spec §5's wording for zero-byte files. */
export const emptyFilesMessage = (count: number) =>
  `${count} arquivo(s) inválido(s) detectado(s). Verifique se os arquivos não estão corrompidos e tente novamente.`;

/** Spec §5's wording for files that are neither images nor videos, naming them. */
export const notMediaMessage = (names: string[]) =>
  `Apenas imagens e vídeos são permitidos. Arquivos inválidos: ${names.map((name) => name || 'sem nome').join(', ')}`;

/** The uploader's typed name: trimmed, never empty, at most MAX_USER_ID characters; null when unusable. */
export function normaliseUserId(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (!trimmed || trimmed.length > MAX_USER_ID) return null;
  return trimmed;
}

/** The client's file name as metadata: no path, no control characters, bounded. */
export function normaliseClientFileName(value: string | undefined): string | null {
  if (!value) return null;
  // eslint-disable-next-line no-control-regex
  const base = value.split(/[\\/]/).pop()!.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base ? base.slice(0, MAX_CLIENT_FILE_NAME) : null;
}
