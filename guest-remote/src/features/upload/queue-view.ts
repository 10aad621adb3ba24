// What the upload screen shows of the queue, as plain functions (issue 10).
import { formatText } from '@momentos/design-kit';
import type { QueueEntry, QueueProgress, QueueSnapshot } from '@momentos/api-client';
import { texts } from './texts';

const done = (entry: QueueEntry) => entry.state === 'stored' || entry.state === 'duplicate';

/** This event's entries, in selection order. */
export const entriesOf = (snapshot: QueueSnapshot, eventId: string) => snapshot.entries.filter((entry) => entry.eventId === eventId);

/** The previews: whatever is not sent yet, and what this round sent (until the guest selects again). */
export function previewEntries(entries: readonly QueueEntry[], round: readonly string[]): QueueEntry[] {
  return entries.filter((entry) => !done(entry) || round.includes(entry.id));
}

/** Spec §5's count of files already selected: every file of the queue not stored yet. */
export const waitingCount = (entries: readonly QueueEntry[]) => entries.filter((entry) => !done(entry)).length;

/** Files selected and not yet released by 'Enviar arquivos'. */
export const heldEntries = (entries: readonly QueueEntry[]) => entries.filter((entry) => entry.held && entry.state === 'waiting');

/** Being sent, or waiting for the queue to send them. */
export const sendingCount = (entries: readonly QueueEntry[]) =>
  entries.filter((entry) => !entry.held && (entry.state === 'waiting' || entry.state === 'sending')).length;

/** 'Tudo enviado!': something was sent and nothing is left (nothing waiting, held or failed). */
export const allSent = (entries: readonly QueueEntry[]) => entries.length > 0 && entries.every(done);

/** 'Minhas fotos': what this device sent to the event, newest first. */
export const myPhotos = (entries: readonly QueueEntry[]) => entries.filter((entry) => done(entry) && entry.photoId).reverse();

/** Spec §4's line for the request under way: 'Enviando lote 2 de 3 (10 arquivos)...', 'Enviando parte 4 de 9 (37%)'. */
export function progressText(progress: QueueProgress | null): string | null {
  if (!progress) return null;
  return progress.kind === 'batch'
    ? formatText(texts.batchProgress, { x: progress.batch, y: progress.batches, n: progress.files })
    : formatText(texts.chunkProgress, { x: progress.chunk, y: progress.chunks, p: progress.percent });
}

/** 'Aguardando', 'Enviando 42%', 'Enviada', 'Já enviada', 'Falhou'. */
export function stateLabel(entry: QueueEntry, sentBytes: number | undefined): string {
  switch (entry.state) {
    case 'waiting':
      return texts.stateWaiting;
    case 'sending':
      return formatText(texts.stateSending, { p: Math.min(100, Math.round(((sentBytes ?? 0) / Math.max(1, entry.size)) * 100)) });
    case 'stored':
      return texts.stateStored;
    case 'duplicate':
      return texts.stateDuplicate;
    case 'failed':
      return texts.stateFailed;
  }
}
