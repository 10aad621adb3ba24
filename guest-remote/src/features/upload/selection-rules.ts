// Spec §5 'Upload file selection': one plain function per rule, applied in the spec's order.
import { formatText } from '@momentos/design-kit';
import { readVideoDuration, videoOverLimit, videoTooLongMessage, type ConnectionProfile } from '@momentos/api-client';
import { texts } from './texts';

export const GIGABYTE = 1024 ** 3;
/** Spec §5: above this total, the 'Dica para upload' dialog appears after 2 s. */
export const TIP_THRESHOLD_BYTES = 50 * 1024 * 1024;
export const TIP_DELAY_MS = 2000;

/** What the rules read of a file: a picked File or a queue entry. */
export type MediaFile = Pick<File, 'name' | 'size' | 'type'>;

export interface SelectionProblem {
  title: string;
  message: string;
}

const speedName: Record<ConnectionProfile['connection'], string> = {
  fast: texts.speedFast,
  medium: texts.speedMedium,
  slow: texts.speedSlow,
};

const isMedia = (file: MediaFile) => file.type.startsWith('image/') || file.type.startsWith('video/');
const names = (files: MediaFile[]) => files.map((file) => file.name).join(', ');

/** 1. No files. */
export function checkNotEmpty(files: MediaFile[]): SelectionProblem | null {
  return files.length === 0 ? { title: texts.selectionErrorTitle, message: texts.noFilesSelected } : null;
}

/** 2. Zero-size files (a corrupt or unreadable pick). */
export function checkNoEmptyFiles(files: MediaFile[]): SelectionProblem | null {
  const empty = files.filter((file) => file.size === 0).length;
  return empty > 0 ? { title: texts.selectionErrorTitle, message: formatText(texts.invalidFiles, { n: empty }) } : null;
}

/** 3. Images and videos up to 1 GB each. */
export function checkFileSizes(files: MediaFile[]): SelectionProblem | null {
  const large = files.filter((file) => file.size > GIGABYTE);
  if (large.length === 0) return null;
  const limit = large.some((file) => file.type.startsWith('video/')) ? texts.limitPerVideo : texts.limitPerImage;
  return { title: texts.filesTooLargeTitle, message: `${formatText(texts.filesTooLargeMessage, { files: names(large) })} ${limit}` };
}

/** 4. Only images and videos. */
export function checkFileTypes(files: MediaFile[]): SelectionProblem | null {
  const invalid = files.filter((file) => !isMedia(file));
  return invalid.length > 0
    ? { title: texts.invalidTypeTitle, message: formatText(texts.invalidTypeMessage, { files: names(invalid) }) }
    : null;
}

/** 5. No more files in one pick than the connection allows. */
export function checkSelectionCount(files: MediaFile[], profile: ConnectionProfile): SelectionProblem | null {
  if (files.length <= profile.maxFilesPerSelection) return null;
  return {
    title: formatText(texts.tooManyTitle, { speed: speedName[profile.connection] }),
    message: formatText(texts.tooManyMessage, { max: profile.maxFilesPerSelection }),
  };
}

/** 6. The files already selected plus the new ones stay within that limit. */
export function checkCombinedCount(existing: number, files: MediaFile[], profile: ConnectionProfile): SelectionProblem | null {
  if (existing + files.length <= profile.maxFilesPerSelection) return null;
  return {
    title: formatText(texts.selectionLimitTitle, { speed: speedName[profile.connection] }),
    message: formatText(texts.selectionLimitMessage, { n: existing, max: profile.maxFilesPerSelection }),
  };
}

/** Rules 1 to 6, when the guest picks files: the first problem found, or none. */
export function checkSelection(files: MediaFile[], existing: number, profile: ConnectionProfile): SelectionProblem | null {
  return (
    checkNotEmpty(files) ??
    checkNoEmptyFiles(files) ??
    checkFileSizes(files) ??
    checkFileTypes(files) ??
    checkSelectionCount(files, profile) ??
    checkCombinedCount(existing, files, profile)
  );
}

/** 7. Sending with nothing selected. */
export function checkSomethingToSend(files: MediaFile[]): SelectionProblem | null {
  return files.length === 0 ? { title: texts.sendErrorTitle, message: texts.nothingToSend } : null;
}

/**
 * 8. The total of a normal upload stays within the profile's files per selection × 1 GB (the
 * client's own check, answered like a 413: size, estimated time and a suggestion).
 */
export function checkTotalSize(files: MediaFile[], profile: ConnectionProfile): SelectionProblem | null {
  const total = totalBytes(files);
  const limit = profile.maxFilesPerSelection * GIGABYTE;
  if (total <= limit) return null;
  return {
    title: texts.sizeLimitTitle,
    message: formatText(texts.totalTooLarge, {
      size: formatBytes(total),
      limit: formatBytes(limit),
      time: formatDuration(total / profile.assumedBytesPerSecond),
    }),
  };
}

/** 9. Above 50 MB the 'Dica para upload' tip (an error-type dialog) shows after 2 s. */
export function uploadTip(files: MediaFile[]): SelectionProblem | null {
  const total = totalBytes(files);
  if (total <= TIP_THRESHOLD_BYTES) return null;
  return { title: texts.tipTitle, message: formatText(texts.tipMessage, { size: Math.round(total / 1024 / 1024) }) };
}

export function totalBytes(files: MediaFile[]): number {
  return files.reduce((sum, file) => sum + file.size, 0);
}

/**
 * Made at the first size shown, not when the screen's module loads: a page's first Intl formatter
 * loads the locale's data, ≈ 25 ms of a phone's main thread (≈ 90 ms at Lighthouse's 4× CPU), which
 * the screen's start does not need (issue 29).
 */
let decimal: Intl.NumberFormat | undefined;

export function formatBytes(bytes: number): string {
  decimal ??= new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
  if (bytes >= GIGABYTE) return `${decimal.format(bytes / GIGABYTE)} GB`;
  if (bytes >= 1024 * 1024) return `${decimal.format(bytes / 1024 / 1024)} MB`;
  return `${decimal.format(Math.max(1, bytes / 1024))} KB`;
}

/** '45 s', '3 min 20 s', '2 h 5 min'. */
export function formatDuration(seconds: number): string {
  const total = Math.max(1, Math.ceil(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return minutes > 0 ? `${hours} h ${minutes} min` : `${hours} h`;
  if (minutes > 0) return rest > 0 ? `${minutes} min ${rest} s` : `${minutes} min`;
  return `${rest} s`;
}

/**
 * Issue 25: the selected videos longer than the event allows, read on the phone (each video's
 * metadata, not its bytes). Answers the files to keep and, when some were refused, the problem to
 * show ('Este vídeo tem 4 min 12 s; o limite deste evento é 3 min.'). A video whose duration the
 * browser cannot read is kept: the server checks again.
 */
export async function checkVideoLengths<T extends MediaFile & Blob>(
  files: T[],
  limitSeconds: number | null | undefined,
  readDuration: (file: T) => Promise<number | null> = readVideoDuration,
): Promise<{ keep: T[]; problem: SelectionProblem | null }> {
  if (!limitSeconds) return { keep: files, problem: null };
  const keep: T[] = [];
  const refused: string[] = [];
  for (const file of files) {
    const duration = file.type.startsWith('video/') ? await readDuration(file) : null;
    if (duration !== null && videoOverLimit(duration, limitSeconds)) refused.push(videoTooLongMessage(duration, limitSeconds));
    else keep.push(file);
  }
  return { keep, problem: refused.length > 0 ? { title: texts.videoTooLongTitle, message: refused.join(' ') } : null };
}
