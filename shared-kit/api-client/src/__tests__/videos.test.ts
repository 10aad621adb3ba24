import { awaitingRenditions, formatDuration, playbackUrl, videoOverLimit, videoState, videoTooLongMessage } from '../videos';

const video = { file_type: 'video' as const, processing: false, error: false as const, playback_video: '/api/files?path=a-playback.mp4', playback_error: false as const };

test("the tile's badge reads like a clock: '0:42'", () => {
  expect(formatDuration(42.4)).toBe('0:42');
  expect(formatDuration(125)).toBe('2:05');
  expect(formatDuration(3723)).toBe('1:02:03');
  expect(formatDuration(null)).toBeNull();
});

test("the refusal is the issue's sentence, the same as the server's", () => {
  expect(videoTooLongMessage(252.9, 180)).toBe('Este vídeo tem 4 min 12 s; o limite deste evento é 3 min.');
  expect(videoTooLongMessage(61, 30)).toBe('Este vídeo tem 1 min 1 s; o limite deste evento é 30 s.');
  expect(videoOverLimit(180.9, 180)).toBe(false);
  expect(videoOverLimit(181, 180)).toBe(true);
});

test('a video is ready with its rendition, preparing without it, failed with an error', () => {
  expect(videoState(video)).toBe('ready');
  expect(playbackUrl({ ...video, original_photo: '/api/files?path=a.mov' })).toContain('a-playback.mp4');
  expect(videoState({ ...video, playback_video: null })).toBe('preparing');
  expect(awaitingRenditions({ ...video, playback_video: null })).toBe(true);
  expect(videoState({ ...video, playback_video: null, playback_error: 'Não foi possível preparar este vídeo.' })).toBe('failed');
  expect(videoState({ ...video, file_type: 'image' })).toBeNull();
  // A server without renditions (before issue 25): the original plays, as it did.
  expect(videoState({ file_type: 'video', processing: false, error: false })).toBe('ready');
  expect(playbackUrl({ original_photo: '/api/files?path=a.mov' })).toContain('a.mov');
});
