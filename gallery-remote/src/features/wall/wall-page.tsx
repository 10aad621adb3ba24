import { useCallback, useEffect, useRef, useState } from 'react';
import { photoFileUrl, playbackUrl, setWallToken } from '@momentos/api-client';
import { formatText, InviteQrCode, inviteLink, Link, useLocation, useNavigate, useParams } from '@momentos/design-kit';
import { texts } from '../../texts';
import { useWallEvent, type WallEventInfo } from './api/use-wall-event';
import { useWallFeed } from './api/use-wall-feed';
import { WallLinkDialog } from './wall-link-dialog';
import { currentPhoto } from './wall-playlist';
import { currentMessage, messageSpacings, optionsFromQuery, queryOfOptions, type WallOptions } from './wall-sequence';
import './wall.css';

/** How long a photo stays; a video plays (muted) until it ends or WALL_VIDEO_SECONDS, whichever comes first. */
const PHOTO_MS = 7000;
/** Issue 26: how long a message between photos stays. */
export const MESSAGE_MS = 10000;
/** Issue 25: a video that has not started playing by then is skipped (the wall never stalls). */
export const VIDEO_START_MS = 5000;

/**
 * The live wall ('Telão', issue 12) for a projector or TV: the event's public photos full screen with
 * the sender's name, new ones first as soon as they are ready, the invite's QR code in a corner, and
 * the organiser's brake (pause, black screen) on screen and on the keyboard. `/events/{id}/wall` is
 * the organiser's (signed in); `/wall/{token}` opens it from a wall link, without signing in.
 */
export default function WallPage() {
  const { id, token } = useParams<'id' | 'token'>();
  // A wall link's token stands in for the event's PIN on this page's calls (idempotent, before any call).
  setWallToken(token ?? null);
  const event = useWallEvent(token ? { token } : { eventId: id ?? '' });
  if (event.status === 'loading') return <main className="wall wall--message" aria-busy="true" />;
  if (event.status === 'unavailable') {
    return (
      <main className="wall wall--message">
        <p role="alert">{texts.wallUnavailable}</p>
      </main>
    );
  }
  return <Wall event={event} organiser={!token} />;
}

function Wall({ event, organiser }: { event: WallEventInfo; organiser: boolean }) {
  // Issue 26: 'Recados no telão' and 'Só favoritas' live in the wall's address (a wall link carries them).
  const location = useLocation();
  const navigate = useNavigate();
  const options = optionsFromQuery(location.search);
  const setOptions = (change: Partial<WallOptions>) => navigate(`${location.pathname}${queryOfOptions({ ...options, ...change })}`, { replace: true });
  const feed = useWallFeed(event.eventId, options);
  const message = currentMessage(feed.state);
  const photo = message ? null : currentPhoto(feed.state.playlist);
  const [paused, setPaused] = useState(false);
  const [blank, setBlank] = useState(false);
  const [linkOpen, setLinkOpen] = useState(false);
  const root = useRef<HTMLElement>(null);

  // The slide's clock: a photo stays PHOTO_MS; a video until it ends (or the server's WALL_VIDEO_SECONDS).
  const { next } = feed;
  const isVideo = photo?.file_type === 'video';
  const videoMs = event.videoSeconds * 1000;
  useEffect(() => {
    if (!photo || paused || blank) return undefined;
    const timer = setTimeout(next, isVideo ? videoMs : PHOTO_MS);
    return () => clearTimeout(timer);
  }, [photo, paused, blank, isVideo, next, videoMs]);
  useEffect(() => {
    if (!message || paused || blank) return undefined;
    const timer = setTimeout(next, MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message, paused, blank, next]);
  // A video whose rendition does not start within VIDEO_START_MS is skipped.
  const [started, setStarted] = useState<string | null>(null);
  useEffect(() => {
    if (!photo || !isVideo || paused || blank || started === photo.id) return undefined;
    const timer = setTimeout(next, VIDEO_START_MS);
    return () => clearTimeout(timer);
  }, [photo, isVideo, paused, blank, started, next]);
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (!video.current) return;
    if (paused) video.current.pause();
    else video.current.play()?.catch(() => undefined);
  }, [paused]);

  const fullscreen = useCallback(() => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void root.current?.requestFullscreen?.().catch(() => undefined);
  }, []);

  useEffect(() => {
    const onKey = (key: KeyboardEvent) => {
      if (key.target instanceof HTMLInputElement || key.target instanceof HTMLSelectElement || key.altKey || key.ctrlKey || key.metaKey) return;
      const code = key.key.toLowerCase();
      if (code === ' ' || code === 'p') setPaused((value) => !value);
      else if (code === 'b') setBlank((value) => !value);
      else if (code === 'f') fullscreen();
      else if (code === 'arrowright') feed.next();
      else if (code === 'arrowleft') feed.previous();
      else return;
      key.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [feed, fullscreen]);

  const source = photo ? photoFileUrl(photo.display_photo ?? photo.compressed_photo ?? photo.original_photo) : null;
  const caption = photo ? formatText(texts.wallCaption, { name: photo.user_id }) : '';
  const link = inviteLink(event.code);

  return (
    <main ref={root} className={blank ? 'wall wall--blank' : 'wall'} aria-label={`${texts.wallTitle}: ${event.name}`} data-event-id={event.eventId}>
      <h1 className="wall__title">{event.name}</h1>
      <section className="wall__stage" aria-live="polite">
        {blank ? null : feed.closed ? (
          <p className="wall__empty">{feed.closed}</p>
        ) : message ? (
          <figure className="wall__slide wall__note" key={message.id} data-message-id={message.id}>
            <blockquote className="wall__note-text">{message.text}</blockquote>
            <figcaption className="wall__note-name">
              {message.audio ? (
                <span className="wall__note-voice" role="img" aria-label={texts.wallVoiceNote}>
                  <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                    <path
                      fill="currentColor"
                      d="M12 15a3 3 0 0 0 3-3V6a3 3 0 0 0-6 0v6a3 3 0 0 0 3 3zm5-3a5 5 0 0 1-10 0H5a7 7 0 0 0 6 6.93V22h2v-3.07A7 7 0 0 0 19 12h-2z"
                    />
                  </svg>
                </span>
              ) : null}
              {formatText(texts.wallMessageBy, { name: message.user_id })}
            </figcaption>
          </figure>
        ) : photo && source ? (
          <figure className="wall__slide" key={photo.id} data-photo-id={photo.id}>
            {isVideo ? (
              <video
                ref={video}
                className="wall__media"
                src={playbackUrl(photo)}
                poster={source}
                muted
                autoPlay
                playsInline
                preload="auto"
                onPlaying={() => setStarted(photo.id)}
                onEnded={next}
                onError={next}
                aria-label={caption}
              />
            ) : (
              <img className="wall__media" src={source} alt={caption} decoding="async" />
            )}
            <figcaption className="wall__caption">{caption}</figcaption>
          </figure>
        ) : feed.loaded ? (
          <p className="wall__empty">{texts.wallEmpty}</p>
        ) : null}
      </section>

      <aside className="wall__invite">
        <div className="wall__qr">
          <InviteQrCode code={event.code} label={texts.wallQr} size={148} />
        </div>
        <p className="wall__invite-text">{texts.wallInvite}</p>
        <p className="wall__invite-link">{link.replace(/^https?:\/\//, '')}</p>
      </aside>

      {!feed.connected && feed.loaded ? (
        <p className="wall__offline" role="status">
          {texts.wallOffline}
        </p>
      ) : null}

      <div className="wall__controls" role="toolbar" aria-label={texts.wallControls}>
        <label className="wall__control wall__option">
          {texts.wallMessagesOption}
          <select value={options.everyN} onChange={(change) => setOptions({ everyN: Number(change.currentTarget.value) })}>
            {messageSpacings.map((every) => (
              <option key={every} value={every}>
                {every === 0 ? texts.wallMessagesOff : formatText(texts.wallMessagesEvery, { n: String(every) })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="wall__control" onClick={() => setOptions({ favoritesOnly: !options.favoritesOnly })} aria-pressed={options.favoritesOnly}>
          {texts.onlyFavorites}
        </button>
        {organiser ? (
          <Link className="wall__control" to="/events">
            {texts.wallBack}
          </Link>
        ) : null}
        <button type="button" className="wall__control" onClick={feed.previous} aria-label={texts.wallPrevious}>
          ‹
        </button>
        <button type="button" className="wall__control" onClick={() => setPaused((value) => !value)} aria-pressed={paused}>
          {paused ? texts.wallResume : texts.wallPause}
        </button>
        <button type="button" className="wall__control" onClick={() => setBlank((value) => !value)} aria-pressed={blank}>
          {blank ? texts.wallUnblank : texts.wallBlank}
        </button>
        <button type="button" className="wall__control" onClick={feed.next} aria-label={texts.wallNext}>
          ›
        </button>
        <button type="button" className="wall__control" onClick={fullscreen}>
          {texts.wallFullscreen}
        </button>
        {organiser ? (
          <button type="button" className="wall__control" onClick={() => setLinkOpen(true)}>
            {texts.wallLinkButton}
          </button>
        ) : null}
      </div>
      {organiser ? <WallLinkDialog open={linkOpen} eventId={event.eventId} query={queryOfOptions(options)} onClose={() => setLinkOpen(false)} /> : null}
    </main>
  );
}
