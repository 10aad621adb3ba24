import { formatUploadText, uploadTexts } from './upload-texts';

/** What went wrong with one request, as the transport saw it. */
export class TransportError extends Error {
  constructor(
    /** `response` when the server answered with an error status. */
    readonly kind: 'response' | 'timeout' | 'network' | 'aborted',
    readonly status?: number,
    /** The server's `{message}`, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(serverMessage ?? `${kind}${status ? ` ${status}` : ''}`);
    this.name = 'TransportError';
  }
}

/** Spec §4: a normal upload retries on network, timeout or 5xx errors; and (issue 16) when told to slow down (429). */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof TransportError)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'response' && (error.status === 408 || error.status === 429 || (error.status ?? 0) >= 500);
}

/**
 * Refusals that pass with time (issue 16): too many requests (429), the server's disk full (507) or
 * the server restarting (503). Files refused so stay on the device, sent again when the guest
 * comes back, and the guest reads the server's own message.
 */
export const passesWithTime = (status: number | undefined) => status === 429 || status === 503 || status === 507;

/** A failure the upload screen shows: the dialog title of spec §8 and the message. */
export class UploadError extends Error {
  constructor(
    readonly title: string,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** Spec §8 mapping of a failed upload request to its dialog title and message. */
export function describeUploadFailure(error: unknown): UploadError {
  if (error instanceof UploadError) return error;
  if (!(error instanceof TransportError)) return new UploadError(uploadTexts.titleOther, uploadTexts.unknownError);
  if (error.kind === 'aborted') return new UploadError(uploadTexts.titleOther, uploadTexts.unknownError);
  if (error.kind === 'timeout' || error.status === 408) {
    return new UploadError(uploadTexts.titleConnection, uploadTexts.timeout, 408);
  }
  if (error.kind === 'network') return new UploadError(uploadTexts.titleConnection, uploadTexts.unknownError);
  switch (error.status) {
    case 400:
      return new UploadError(uploadTexts.titleOther, error.serverMessage ?? uploadTexts.noFilesSelected, 400);
    case 413:
      return new UploadError(uploadTexts.titleSize, error.serverMessage ?? uploadTexts.tooManyForConnection, 413);
    default:
      return new UploadError(uploadTexts.titleOther, error.serverMessage ?? uploadTexts.serverError, error.status);
  }
}

/** After the last automatic retry: 'Falha no upload após N tentativas…'. */
export function retriesExhausted(tries: number, lastError: unknown): UploadError {
  if (lastError instanceof TransportError && passesWithTime(lastError.status) && lastError.serverMessage) {
    return new UploadError(uploadTexts.titleOther, lastError.serverMessage, lastError.status);
  }
  const connectionProblem =
    lastError instanceof TransportError && (lastError.kind === 'network' || lastError.kind === 'timeout' || lastError.status === 408);
  return new UploadError(
    connectionProblem ? uploadTexts.titleConnection : uploadTexts.titleOther,
    formatUploadText(uploadTexts.retriesExhausted, { n: tries }),
    lastError instanceof TransportError ? lastError.status : undefined,
  );
}
