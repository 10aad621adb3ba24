import { optimalChunkSize } from '../upload/chunking';
import {
  classifyConnection,
  classifyMeasurement,
  connectionProfiles,
  detectConnection,
  estimateUploadSeconds,
  isFlaggedSlow,
} from '../upload/connection-profile';

const MB = 1024 * 1024;

describe('connection profiles (spec §9)', () => {
  it('holds the table of the specification', () => {
    expect(connectionProfiles.slow).toMatchObject({ uploadTimeoutMs: 3_600_000, chunkThresholdBytes: 10 * MB, maxRetries: 5, retryDelayMs: 3000, maxFilesPerSelection: 5, warning: 'shown', assumedBytesPerSecond: 50 * 1024 });
    expect(connectionProfiles.medium).toMatchObject({ uploadTimeoutMs: 2_400_000, chunkThresholdBytes: 100 * MB, maxRetries: 3, retryDelayMs: 2000, maxFilesPerSelection: 10, warning: 'if-flagged', assumedBytesPerSecond: 200 * 1024 });
    expect(connectionProfiles.fast).toMatchObject({ uploadTimeoutMs: 1_800_000, chunkThresholdBytes: 500 * MB, maxRetries: 2, retryDelayMs: 1000, maxFilesPerSelection: 20, warning: 'hidden', assumedBytesPerSecond: 1024 * 1024 });
  });

  it.each([
    [{ effectiveType: 'slow-2g' }, 'slow'],
    [{ effectiveType: '2g' }, 'slow'],
    [{ effectiveType: '4g', downlink: 0.4 }, 'slow'],
    [{ effectiveType: '3g' }, 'medium'],
    [{ effectiveType: '4g', downlink: 1.9 }, 'medium'],
    [{ effectiveType: '4g', downlink: 10 }, 'fast'],
  ])('classifies %j as %s', (info, expected) => {
    expect(classifyConnection(info)).toBe(expected);
  });

  it('flags a connection slow for 2g/3g, a downlink under 1.5 or save-data', () => {
    expect(isFlaggedSlow({ effectiveType: '3g' })).toBe(true);
    expect(isFlaggedSlow({ effectiveType: '4g', downlink: 1.4 })).toBe(true);
    expect(isFlaggedSlow({ effectiveType: '4g', downlink: 5, saveData: true })).toBe(true);
    expect(isFlaggedSlow({ effectiveType: '4g', downlink: 5 })).toBe(false);
  });

  it('classifies the fallback measurement: over 2 s slow, over 1 s medium', () => {
    expect(classifyMeasurement(2001)).toBe('slow');
    expect(classifyMeasurement(1500)).toBe('medium');
    expect(classifyMeasurement(400)).toBe('fast');
  });

  it('shows the warning on a slow connection, on a medium one only when flagged, never on a fast one', async () => {
    expect((await detectConnection({ connection: { effectiveType: '2g' } })).showWarning).toBe(true);
    expect((await detectConnection({ connection: { effectiveType: '4g', downlink: 1.2 } })).showWarning).toBe(true);
    expect((await detectConnection({ connection: { effectiveType: '4g', downlink: 1.8 } })).showWarning).toBe(false);
    expect((await detectConnection({ connection: { effectiveType: '4g', downlink: 20 } })).showWarning).toBe(false);
  });

  it('measures when the browser has no Network Information API and keeps the result under connection-speed', async () => {
    localStorage.clear();
    const measure = jest.fn(async () => 2500);
    const detected = await detectConnection({ connection: null, measure, storage: localStorage });
    expect(detected.profile.connection).toBe('slow');
    expect(JSON.parse(localStorage.getItem('connection-speed') as string)).toMatchObject({ connection: 'slow' });
    // A second visit within minutes reuses the stored measurement.
    const again = await detectConnection({ connection: null, measure, storage: localStorage });
    expect(again.profile.connection).toBe('slow');
    expect(measure).toHaveBeenCalledTimes(1);
  });

  it('estimates upload time at the assumed speed', () => {
    expect(estimateUploadSeconds(10 * MB, connectionProfiles.slow)).toBe(205);
    expect(estimateUploadSeconds(10 * MB, connectionProfiles.fast)).toBe(10);
  });
});

describe('optimal chunk size (spec §9)', () => {
  it.each([
    [50 * MB, false, 5 * MB],
    [100 * MB, true, 5 * MB],
    [300 * MB, true, 10 * MB],
    [300 * MB, false, 5 * MB],
    [900 * MB, true, 20 * MB],
    [1500 * MB, false, 25 * MB],
  ])('%d bytes (video: %s) → %d-byte chunks', (size, video, chunk) => {
    expect(optimalChunkSize(size, video)).toBe(chunk);
  });
});
