// The video length limit's words and rule (issue 25), one module for the phone's check before sending
// (api-client) and the server's with ffprobe (api-server's services/video-limit.ts), so the refusal
// reads the same on both (@momentos/app-manifest/dist/video-limit, as tile-state is shared).

/** A length as people say it: '4 min 12 s', '3 min', '45 s' (whole seconds, cut down). */
export function formatVideoLength(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  if (minutes === 0) return `${rest} s`;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

/** Issue 25's refusal: 'Este vídeo tem 4 min 12 s; o limite deste evento é 3 min.' */
export const videoTooLongMessage = (duration: number, limit: number) =>
  `Este vídeo tem ${formatVideoLength(duration)}; o limite deste evento é ${formatVideoLength(limit)}.`;

/** Whether a video of `duration` seconds is over `limit`: whole seconds count, as the message shows them. */
export const videoOverLimit = (duration: number, limit: number) => Math.floor(duration) > limit;
