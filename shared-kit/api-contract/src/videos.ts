import { Type, type Static } from '@sinclair/typebox';
import { NullableString, StringEnum } from './common';

// Issue 25: videos that play on every screen, their durations and limits, photos in the order taken.

export const NullableNumber = Type.Unsafe<number | null>({ type: ['number', 'null'] });

/**
 * What every item of a list (and the sockets, and the wall) carries beside spec §3's fields. Optional
 * in the schema (spec §3 items do without them); this server always sends them.
 */
export const VideoFields = Type.Object({
  /**
   * A video's browser-safe rendition (H.264/AAC MP4 with `+faststart`, at most VIDEO_MAX_EDGE px and
   * VIDEO_MAX_BITRATE): what every player plays. null for photos and until it is made; the original
   * (`original_photo`) stays for 'Baixar'.
   */
  playback_video: Type.Optional(NullableString),
  /** false, or why the rendition could not be made ('Não foi possível preparar este vídeo.'). */
  playback_error: Type.Optional(Type.Union([Type.Boolean(), Type.String()])),
  /** A video's length in seconds; null for photos and until read. */
  duration: Type.Optional(NullableNumber),
  /** A video's displayed size in pixels (rotation applied); null for photos and until read. */
  width: Type.Optional(NullableNumber),
  height: Type.Optional(NullableNumber),
  /** The capture time (EXIF DateTimeOriginal with its offset, a video's QuickTime creation date), ISO UTC; null when unknown. */
  taken_at: Type.Optional(NullableString),
});
export type VideoFields = Static<typeof VideoFields>;

/** `?order=` of the photo lists: 'recent' ('Mais recentes', the default) or 'taken' ('Ordem das fotos'). */
export const PhotoOrder = StringEnum(['recent', 'taken']);
export type PhotoOrder = Static<typeof PhotoOrder>;

/** The event form's 'Duração máxima dos vídeos': seconds as a number or text; '' or null for the server's default. */
export const VideoMaxSecondsField = Type.Union([Type.Integer({ minimum: 1, maximum: 86_400 }), Type.String({ pattern: '^\\s*\\d{0,5}\\s*$' }), Type.Null()]);
export type VideoMaxSecondsField = Static<typeof VideoMaxSecondsField>;

/** The wall's settings (issue 25): how long it plays each video before the next item. */
export const WallVideoSettings = Type.Object({ video_seconds: Type.Integer() });
export type WallVideoSettings = Static<typeof WallVideoSettings>;
