import { MAX_MESSAGE_TEXT, type MessageItem } from '@momentos/api-contract';
import type { GuestbookConfig } from '../../config';
import type { MessageRow } from '../../db/schema';
import { HttpError } from '../../errors';
import { fileUrl, storageKeys } from '../files';
import { signedAudioPath } from './audio-link';
import type { FileUrls } from '../file-access';

/** Issue 26: the guestbook's rules and texts. */

export const messageTexts = {
  stored: 'Recado enviado. Obrigado!',
  pending: 'Seu recado foi recebido e aparecerá após aprovação.',
  empty: 'Escreva um recado ou grave um recado de voz.',
  tooLong: `O recado pode ter no máximo ${MAX_MESSAGE_TEXT.toLocaleString('pt-BR')} caracteres.`,
  notAudio: 'O recado de voz precisa ser um arquivo de áudio (WebM, Ogg, MP4/M4A, MP3 ou WAV).',
  audioTooLong: (seconds: number) => `O recado de voz pode ter no máximo ${seconds} segundos.`,
  audioTooLarge: 'O recado de voz é grande demais.',
  oneAudio: 'Envie no máximo um recado de voz por recado.',
  notFound: 'Recado não encontrado.',
  removed: 'Recado excluído.',
  wrongKey: 'Chave de remoção inválida. Só quem enviou o recado pode removê-lo.',
  removalNotAllowed: 'Só quem enviou o recado ou o organizador do evento pode removê-lo.',
  linkInvalid: 'Este link do recado de voz expirou ou é inválido.',
} as const;

/** The message text as typed: trimmed, line ends normalised, at most MAX_MESSAGE_TEXT characters. */
export function normaliseMessageText(value: string | undefined): string {
  const text = (value ?? '').replace(/\r\n?/g, '\n').trim();
  if ([...text].length > MAX_MESSAGE_TEXT) throw new HttpError(400, messageTexts.tooLong);
  return text;
}

/** The length the browser measured ('audio_seconds'), when it is a sane number; longer than allowed is refused. */
export function readAudioSeconds(value: string | undefined, config: Pick<GuestbookConfig, 'maxAudioSeconds'>): number | null {
  if (value === undefined || !/^\d{1,6}(\.\d+)?$/.test(value.trim())) return null;
  const seconds = Math.ceil(Number(value.trim()));
  // A second of slack: recorders stop a little after the counter.
  if (seconds > config.maxAudioSeconds + 1) throw new HttpError(413, messageTexts.audioTooLong(config.maxAudioSeconds));
  return Math.min(seconds, config.maxAudioSeconds);
}

/** Where an event's voice notes live: a folder of their own, so that files and photos are told apart. */
export const messageAudioKey = (eventId: string, messageId: string, ext: string) => `${storageKeys.eventFolder(eventId)}/messages/${messageId}.${ext}`;
export const messageM4aKey = (eventId: string, messageId: string) => `${storageKeys.eventFolder(eventId)}/messages/${messageId}-aac.m4a`;

export const isPublished = (row: Pick<MessageRow, 'hidden' | 'pending'>) => Number(row.hidden) === 0 && Number(row.pending) === 0;

/** How the owner's player reaches a voice note: a signed link (an <audio> element cannot send the token). */
const OWNER_LINK_TTL_SECONDS = 12 * 3600;

/**
 * A message as the API answers it. Guests get the voice note's file URL (the AAC rendition once made);
 * the owner gets an expiring signed link, which also plays hidden and pending messages, and the flags.
 */
export function presentMessage(row: MessageRow, audience: 'guest' | 'owner', secret?: string, urls: FileUrls = fileUrl): MessageItem {
  const playable = row.audio_m4a_path ?? row.audio_path;
  const processing = Number(row.audio_processing) === 1;
  const audio = playable
    ? {
        url: audience === 'owner' && secret ? signedAudioPath(row.id, secret, OWNER_LINK_TTL_SECONDS) : urls(playable),
        type: row.audio_m4a_path ? 'audio/mp4' : (row.audio_type ?? 'application/octet-stream'),
        seconds: row.audio_seconds === null ? null : Number(row.audio_seconds),
        processing,
      }
    : null;
  const item: MessageItem = {
    id: row.id,
    event_id: row.event_id,
    user_id: row.user_id,
    text: row.text,
    audio,
    created_at: row.created_at,
  };
  // Issue 28: where it was said is the team's to know, as for photos.
  if (audience === 'owner') return { ...item, place: row.place ?? null, hidden: Number(row.hidden) === 1, pending: Number(row.pending) === 1 };
  return item;
}

/** How the realtime hub presents changed messages to a reader: the owner (every one, flagged) or a guest (with its file URLs). */
export type MessagePresenter = (rows: MessageRow[], owner: boolean, urls: FileUrls) => MessageItem[];

export const messagePresenter =
  (secret: string): MessagePresenter =>
  (rows, owner, urls) =>
    rows.map((row) => presentMessage(row, owner ? 'owner' : 'guest', secret, urls));
