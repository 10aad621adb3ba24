import { useCallback, useEffect, useRef, useState } from 'react';

export type RecorderState =
  | { kind: 'idle' }
  | { kind: 'recording'; seconds: number }
  | { kind: 'recorded'; blob: Blob; url: string; seconds: number }
  | { kind: 'failed'; reason: 'denied' | 'unsupported' };

/** The recorder's container, in the order browsers play them back: Opus in WebM (Chromium, Firefox), AAC in MP4 (Safari). */
const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4', 'audio/ogg;codecs=opus'];

function pickType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * A voice note recorded in the browser (MediaRecorder), at most `maxSeconds` long: a counter while it
 * records, stopped by the guest or at the limit; the result as a Blob with an object URL to listen to.
 */
export function useVoiceRecorder(maxSeconds: number) {
  const [state, setState] = useState<RecorderState>({ kind: 'idle' });
  const recorder = useRef<MediaRecorder | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const startedAt = useRef(0);
  const url = useRef<string | null>(null);

  const release = useCallback(() => {
    if (timer.current) clearInterval(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
  }, []);

  const forget = useCallback(() => {
    if (url.current) URL.revokeObjectURL(url.current);
    url.current = null;
  }, []);

  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      release();
      forget();
    },
    [release, forget],
  );

  const stop = useCallback(() => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  }, []);

  const start = useCallback(async () => {
    if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      setState({ kind: 'failed', reason: 'unsupported' });
      return;
    }
    forget();
    let media: MediaStream;
    try {
      media = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch {
      setState({ kind: 'failed', reason: 'denied' });
      return;
    }
    stream.current = media;
    const type = pickType();
    const next = new MediaRecorder(media, type ? { mimeType: type } : undefined);
    const chunks: Blob[] = [];
    next.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    next.onstop = () => {
      const seconds = Math.min(maxSeconds, (Date.now() - startedAt.current) / 1000);
      release();
      const blob = new Blob(chunks, { type: next.mimeType || type || 'audio/webm' });
      url.current = URL.createObjectURL(blob);
      setState({ kind: 'recorded', blob, url: url.current, seconds });
    };
    recorder.current = next;
    startedAt.current = Date.now();
    next.start(250);
    setState({ kind: 'recording', seconds: 0 });
    timer.current = setInterval(() => {
      const seconds = (Date.now() - startedAt.current) / 1000;
      if (seconds >= maxSeconds) {
        stop();
        return;
      }
      setState({ kind: 'recording', seconds });
    }, 250);
  }, [maxSeconds, forget, release, stop]);

  const reset = useCallback(() => {
    forget();
    setState({ kind: 'idle' });
  }, [forget]);

  return { state, start, stop, reset };
}

/** 65 → '1:05'. */
export const clock = (seconds: number) => {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
