/** A voice note's container, read from its first bytes (the browser's declared type is not trusted). */
export interface AudioType {
  ext: string;
  mime: string;
}

/**
 * What MediaRecorder produces (WebM/Opus in Chromium and Firefox, MP4/AAC in Safari, Ogg in older
 * Firefox) and a few common recordings (MP3, WAV); anything else is not a voice note.
 */
export function detectAudioType(head: Buffer): AudioType | null {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { ext: 'webm', mime: 'audio/webm' };
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'OggS') return { ext: 'ogg', mime: 'audio/ogg' };
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return { ext: 'm4a', mime: 'audio/mp4' };
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE') return { ext: 'wav', mime: 'audio/wav' };
  if (head.length >= 3 && head.toString('latin1', 0, 3) === 'ID3') return { ext: 'mp3', mime: 'audio/mpeg' };
  if (head.length >= 2 && head[0] === 0xff && (head[1] & 0xe0) === 0xe0) return { ext: 'mp3', mime: 'audio/mpeg' };
  return null;
}

/** ffmpeg's demuxer for each container above (issue 23's rule: never one ffmpeg guesses from the bytes). */
const AUDIO_DEMUXERS: Record<string, string> = { webm: 'matroska', ogg: 'ogg', m4a: 'mov', wav: 'wav', mp3: 'mp3' };

/** How ffmpeg opens a voice note: no stdin, local files only, the demuxer of the type its bytes revealed. */
export function ffmpegAudioInput(input: string, ext: string): string[] {
  const demuxer = AUDIO_DEMUXERS[ext];
  if (!demuxer) throw new Error(`no demuxer for .${ext}`);
  return ['-nostdin', '-protocol_whitelist', 'file', '-f', demuxer, '-i', `file:${input}`];
}
