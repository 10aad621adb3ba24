// Connection detection and the three profiles of spec §9, as plain functions.
import { readStored, storageKeys } from '../storage-keys';

export type ConnectionClass = 'slow' | 'medium' | 'fast';

export interface ConnectionProfile {
  connection: ConnectionClass;
  uploadTimeoutMs: number;
  /** Files above this size go through the chunk calls. */
  chunkThresholdBytes: number;
  /** Tries of one request before giving up (spec §9 'Max retries'). */
  maxRetries: number;
  /** First backoff delay; each further try waits twice as long. */
  retryDelayMs: number;
  maxFilesPerSelection: number;
  /** Spec §9 'Slow-connection warning': always, only when flagged slow, never. */
  warning: 'shown' | 'if-flagged' | 'hidden';
  /** Assumed speed for upload-time estimates. */
  assumedBytesPerSecond: number;
}

const MB = 1024 * 1024;
const minutes = (n: number) => n * 60_000;

export const connectionProfiles: Record<ConnectionClass, ConnectionProfile> = {
  slow: {
    connection: 'slow',
    uploadTimeoutMs: minutes(60),
    chunkThresholdBytes: 10 * MB,
    maxRetries: 5,
    retryDelayMs: 3000,
    maxFilesPerSelection: 5,
    warning: 'shown',
    assumedBytesPerSecond: 50 * 1024,
  },
  medium: {
    connection: 'medium',
    uploadTimeoutMs: minutes(40),
    chunkThresholdBytes: 100 * MB,
    maxRetries: 3,
    retryDelayMs: 2000,
    maxFilesPerSelection: 10,
    warning: 'if-flagged',
    assumedBytesPerSecond: 200 * 1024,
  },
  fast: {
    connection: 'fast',
    uploadTimeoutMs: minutes(30),
    chunkThresholdBytes: 500 * MB,
    maxRetries: 2,
    retryDelayMs: 1000,
    maxFilesPerSelection: 20,
    warning: 'hidden',
    assumedBytesPerSecond: 1024 * 1024,
  },
};

/** The Network Information API's fields we read (navigator.connection). */
export interface NetworkInformationLike {
  effectiveType?: string;
  type?: string;
  downlink?: number;
  saveData?: boolean;
}

/** Spec §9: flagged slow when its type is 2g or 3g, its downlink is under 1.5, or save-data is on. */
export function isFlaggedSlow(info: NetworkInformationLike): boolean {
  const type = info.effectiveType ?? info.type;
  return type === '2g' || type === '3g' || (typeof info.downlink === 'number' && info.downlink < 1.5) || info.saveData === true;
}

/** Spec §9: slow for slow-2g, 2g or downlink under 0.5; medium for 3g or downlink under 2; else fast. */
export function classifyConnection(info: NetworkInformationLike): ConnectionClass {
  const type = info.effectiveType ?? info.type;
  const downlink = info.downlink;
  if (type === 'slow-2g' || type === '2g' || (typeof downlink === 'number' && downlink < 0.5)) return 'slow';
  if (type === '3g' || (typeof downlink === 'number' && downlink < 2)) return 'medium';
  return 'fast';
}

/** Spec §9 fallback measurement: over 2 s is slow, over 1 s medium. */
export function classifyMeasurement(elapsedMs: number): ConnectionClass {
  if (elapsedMs > 2000) return 'slow';
  if (elapsedMs > 1000) return 'medium';
  return 'fast';
}

export interface DetectedConnection {
  profile: ConnectionProfile;
  /** Whether the connection-warning banner shows (per the profile's rule). */
  showWarning: boolean;
  /** Whether the browser reports a mobile (cellular) connection. */
  mobile: boolean;
  flaggedSlow: boolean;
}

export interface DetectOptions {
  connection?: NetworkInformationLike | null;
  /** Times a small request to the API when the browser has no Network Information API. */
  measure?: () => Promise<number>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | null;
}

/**
 * Classifies the guest's connection: from the Network Information API when the browser has it,
 * otherwise from a timed request; the result is kept under `connection-speed`.
 */
export async function detectConnection(options: DetectOptions = {}): Promise<DetectedConnection> {
  const info = options.connection ?? null;
  let connection: ConnectionClass;
  let flaggedSlow = false;
  if (info && (info.effectiveType || typeof info.downlink === 'number' || info.type)) {
    connection = classifyConnection(info);
    flaggedSlow = isFlaggedSlow(info);
  } else {
    const stored = recentDetection(options.storage);
    if (stored) connection = stored;
    else if (options.measure) {
      try {
        connection = classifyMeasurement(await options.measure());
      } catch {
        connection = 'medium';
      }
    } else connection = 'medium';
    flaggedSlow = connection === 'slow';
  }
  try {
    options.storage?.setItem(storageKeys.connectionSpeed, JSON.stringify({ connection, measuredAt: Date.now() }));
  } catch {
    // private mode or full storage: the detection still stands for this visit
  }
  const profile = connectionProfiles[connection];
  const showWarning = profile.warning === 'shown' || (profile.warning === 'if-flagged' && flaggedSlow);
  return { profile, showWarning, mobile: info?.type === 'cellular', flaggedSlow };
}

const STORED_FOR_MS = 10 * 60_000;

/** The class kept under `connection-speed`, if it is one, with when it was measured. */
function parseStored(raw: string | null | undefined): { connection: ConnectionClass; measuredAt?: number } | null {
  if (!raw) return null;
  try {
    const { connection, measuredAt } = JSON.parse(raw) as { connection?: string; measuredAt?: number };
    return connection === 'slow' || connection === 'medium' || connection === 'fast' ? { connection, measuredAt } : null;
  } catch {
    return null;
  }
}

/** A detection younger than ten minutes stands without measuring again. */
function recentDetection(storage?: Pick<Storage, 'getItem'> | null): ConnectionClass | null {
  let stored: ReturnType<typeof parseStored>;
  try {
    stored = parseStored(storage?.getItem(storageKeys.connectionSpeed));
  } catch {
    return null;
  }
  if (typeof stored?.measuredAt !== 'number' || Date.now() - stored.measuredAt > STORED_FOR_MS) return null;
  return stored.connection;
}

/** The upload queue's starting profile: the last one detected on this device, whatever its age; medium otherwise. */
export function lastDetectedProfile(): ConnectionProfile {
  return connectionProfiles[parseStored(readStored(storageKeys.connectionSpeed))?.connection ?? 'medium'];
}

/** Estimated seconds to send `bytes` at the profile's assumed speed. */
export function estimateUploadSeconds(bytes: number, profile: ConnectionProfile): number {
  return Math.ceil(bytes / profile.assumedBytesPerSecond);
}
