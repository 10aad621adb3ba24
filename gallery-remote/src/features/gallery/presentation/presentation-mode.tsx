import { useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { playbackUrl, type PhotoItem } from '@momentos/api-client';
import { Button, formatText } from '@momentos/design-kit';
import { texts } from '../../../texts';
import { displayUrl } from '../renditions';
import {
  fasterInterval,
  nextIndex,
  presentationImages,
  presentationSpeed,
  previousIndex,
  slowerInterval,
} from './presentation-rules';

interface PresentationModeProps {
  photos: PhotoItem[];
  onClose: () => void;
}

function enterFullscreen(element: HTMLElement | null) {
  if (!element || typeof element.requestFullscreen !== 'function' || document.fullscreenElement) return;
  element.requestFullscreen().catch(() => {
    // Not allowed (no user gesture, iOS Safari): the fixed full-page layer still covers the screen.
  });
}

function leaveFullscreen() {
  if (typeof document.exitFullscreen === 'function' && document.fullscreenElement) {
    document.exitFullscreen().catch(() => undefined);
  }
}

/**
 * Spec §2/§4 'Presentation': a fullscreen slideshow of the images only, playing or paused, advancing
 * every interval (default 3 s, 1 to 10 s in 1 s steps) and wrapping from the last to the first.
 */
export function PresentationMode({ photos, onClose }: PresentationModeProps) {
  const images = useMemo(() => presentationImages(photos), [photos]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(true);
  const [intervalMs, setIntervalMs] = useState<number>(presentationSpeed.defaultMs);
  const layer = useRef<HTMLDivElement>(null);
  const total = images.length;

  // Keep showing the same image when the list changes under us (a refresh while presenting).
  const currentId = useRef<string | null>(null);
  useEffect(() => {
    if (total === 0) return;
    const kept = currentId.current ? images.findIndex((photo) => photo.id === currentId.current) : -1;
    setIndex((value) => (kept >= 0 ? kept : Math.min(value, total - 1)));
  }, [images, total]);
  const shown = total > 0 ? Math.min(index, total - 1) : 0;
  useEffect(() => {
    currentId.current = total > 0 ? images[shown].id : null;
  });

  useEffect(() => {
    enterFullscreen(layer.current);
    return leaveFullscreen;
  }, []);

  // A video (issue 25) plays to its end, then the next item; a photo stays the interval.
  const showingVideo = total > 0 && images[shown].file_type === 'video';
  useEffect(() => {
    if (!playing || total === 0 || showingVideo) return undefined;
    const timer = setTimeout(() => setIndex((value) => nextIndex(value, total)), intervalMs);
    return () => clearTimeout(timer);
  }, [playing, intervalMs, shown, total, showingVideo]);

  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
      else if (event.key === 'ArrowRight') setIndex((value) => nextIndex(value, total));
      else if (event.key === 'ArrowLeft') setIndex((value) => previousIndex(value, total));
      else if (event.key === ' ') setPlaying((value) => !value);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [total]);

  const photo = total > 0 ? images[shown] : null;
  const content = photo ? (
    <>
      <div
        className="presentation__progress"
        role="progressbar"
        aria-label={texts.presentationProgress}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={shown + 1}
        aria-valuetext={formatText(texts.position, { n: shown + 1, total })}
      >
        <div
          key={`${shown}-${intervalMs}`}
          className="presentation__progress-fill"
          style={{ animationDuration: `${intervalMs}ms`, animationPlayState: playing ? 'running' : 'paused' }}
        />
      </div>
      {photo.file_type === 'video' ? (
        <PresentationVideo
          key={photo.id}
          src={playbackUrl(photo)}
          poster={displayUrl(photo)}
          label={formatText(texts.videoBy, { name: photo.user_id })}
          playing={playing}
          onEnded={() => setIndex((value) => nextIndex(value, total))}
        />
      ) : (
        <img key={photo.id} className="presentation__image" src={displayUrl(photo)} alt={formatText(texts.photoBy, { name: photo.user_id })} />
      )}
      <p className="presentation__caption">{photo.user_id}</p>
      <div className="presentation__top">
        <span className="presentation__counter" aria-live="polite">
          {formatText(texts.position, { n: shown + 1, total })}
        </span>
        <button type="button" className="presentation__button" onClick={onClose}>
          {texts.close}
        </button>
      </div>
      <div className="presentation__controls">
        <button type="button" className="presentation__button" onClick={() => setIndex((value) => previousIndex(value, total))}>
          {texts.previous}
        </button>
        <button type="button" className="presentation__button presentation__button--main" onClick={() => setPlaying((value) => !value)}>
          {playing ? texts.pause : texts.resume}
        </button>
        <button type="button" className="presentation__button" onClick={() => setIndex((value) => nextIndex(value, total))}>
          {texts.next}
        </button>
      </div>
      <div className="presentation__speed">
        <button
          type="button"
          className="presentation__button"
          disabled={intervalMs <= presentationSpeed.minMs}
          onClick={() => setIntervalMs(fasterInterval)}
        >
          {texts.faster}
        </button>
        <span className="presentation__interval">{formatText(texts.interval, { seconds: intervalMs / 1000 })}</span>
        <button
          type="button"
          className="presentation__button"
          disabled={intervalMs >= presentationSpeed.maxMs}
          onClick={() => setIntervalMs(slowerInterval)}
        >
          {texts.slower}
        </button>
      </div>
    </>
  ) : (
    <div className="presentation__empty">
      <p>{texts.noImages}</p>
      <Button onClick={onClose}>{texts.close}</Button>
    </div>
  );

  return createPortal(
    <div ref={layer} className="presentation" role="dialog" aria-modal="true" aria-label={texts.presentation}>
      {content}
    </div>,
    document.body,
  );
}

/** A video of the presentation: its rendition, muted and inline (autoplay is allowed muted), paused with the show. */
function PresentationVideo({ src, poster, label, playing, onEnded }: { src: string; poster: string; label: string; playing: boolean; onEnded: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (playing) element.play()?.catch(() => undefined);
    else element.pause();
  }, [playing]);
  return <video ref={video} className="presentation__image" src={src} poster={poster} muted autoPlay playsInline onEnded={onEnded} aria-label={label} />;
}
