import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { connectionProfiles, loadUploadQueue, readStored, rememberEventPin, storageKeys, writeStored } from '@momentos/api-client';
import {
  Button,
  EmptyState,
  FeedbackDialog,
  formatText,
  GuidedTour,
  Link,
  PinPrompt,
  TourHelpButton,
  useGuidedTour,
  useLocation,
  useParams,
  useTourOnce,
} from '@momentos/design-kit';
import { placeFromCookies } from '@momentos/app-manifest/dist/invite-place';
import { InstallOffer } from '../install/install-offer';
import { scheduleServiceWorker } from '../install/schedule-service-worker';
import { rememberLastTarget, takeSharedFiles } from '../install/shared-files';
import { texts } from './texts';
import { preselectAlbum } from './album-choice';
import { AlbumPicker } from './album-picker';
import { useConnection } from './api/use-connection';
import { useUploadAlbums } from './api/use-upload-albums';
import { useUploadQueue } from './api/use-upload-queue';
import { usePublicEvent } from '../welcome/api/use-public-event';
import { ConnectionBanner } from './connection-banner';
import { MyPhotos } from './my-photos';
import { NamePrompt } from './name-prompt';
import { PreviewGrid } from './preview-grid';
import { allSent, entriesOf, heldEntries, myPhotos, previewEntries, progressText, sendingCount, waitingCount } from './queue-view';
import {
  checkSelection,
  checkSomethingToSend,
  checkTotalSize,
  checkVideoLengths,
  TIP_DELAY_MS,
  totalBytes,
  uploadTip,
  type SelectionProblem,
} from './selection-rules';
import { tourTexts, uploadTourSteps } from './upload-tour';
import { usePreviewUrls } from './use-preview-urls';
import { useSendGuards } from './use-send-guards';
import './upload-page.css';

type Notice = SelectionProblem & { kind: 'success' | 'error' };

/**
 * 'Registrar momento' (spec §2): the guest's name, the destination album, the selection and the send.
 * Selected files go into the device's queue at once (issue 10): they survive a reload and are sent
 * from there, each showing its own state.
 */
export default function UploadPage() {
  const { id: eventId = '' } = useParams();
  const location = useLocation();
  const nameKey = storageKeys.guestName(eventId);
  const [name, setName] = useState(() => readStored(nameKey) ?? '');
  const [editingName, setEditingName] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pickingAlbum, setPickingAlbum] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const connection = useConnection();
  // Until detection answers (one small request), the medium profile: a pick is never dropped.
  const profile = connection?.profile ?? connectionProfiles.medium;
  const { queue, snapshot } = useUploadQueue(connection?.profile ?? null);
  const { loading: albumsLoading, albums, pinRefusal, reload: reloadAlbums } = useUploadAlbums(eventId);
  const [pinsTyped, setPinsTyped] = useState(0);
  // Issue 25: the event's video length limit (its own, else the server's).
  const publicEvent = usePublicEvent(eventId, null);
  const cameFrom =
    (location.state as { albumId?: string } | null)?.albumId ?? new URLSearchParams(location.search).get('album');
  const [albumId, setAlbumId] = useState<string | null>(null);
  const tipTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tour = useGuidedTour();

  const entries = entriesOf(snapshot, eventId);
  const previews = previewEntries(entries, snapshot.round);
  const previewUrls = usePreviewUrls(queue, previews);
  const held = heldEntries(entries);
  const sending = sendingCount(entries);
  const roundEntries = entries.filter((entry) => snapshot.round.includes(entry.id));
  const finished = roundEntries.length > 0 && sending === 0 && allSent(entries);
  useSendGuards(sending > 0);

  useEffect(() => {
    if (!albumsLoading) setAlbumId((current) => current ?? preselectAlbum(albums, cameFrom));
  }, [albumsLoading, albums, cameFrom]);

  // Issue 28: the installable app; photos shared from the phone's gallery go to this event and album.
  useEffect(() => scheduleServiceWorker(), []);
  useEffect(() => {
    if (albumId) void rememberLastTarget(eventId, albumId, publicEvent?.name ?? null);
  }, [eventId, albumId, publicEvent?.name]);
  // Files shared into the app (the share target) wait here, selected, for 'Enviar arquivos'.
  const askingForName = !name || editingName;
  useEffect(() => {
    if (!queue || !albumId || askingForName) return;
    void takeSharedFiles().then((files) => {
      if (files.length > 0) void queue.add({ eventId, albumId, userId: name, place: placeFromCookies(document.cookie, eventId) }, files, { hold: true });
    });
  }, [queue, albumId, askingForName, eventId, name]);

  // Leaving the screen drops a pending tip; the queue goes on.
  useEffect(
    () => () => {
      if (tipTimer.current) clearTimeout(tipTimer.current);
    },
    [],
  );

  // Spec §4 'On success … a success notice shows': when this screen saw a round end with everything sent.
  const wasSending = useRef(false);
  useEffect(() => {
    if (sending > 0) wasSending.current = true;
    else if (wasSending.current && finished) {
      wasSending.current = false;
      setNotice({ kind: 'success', title: texts.sentTitle, message: formatText(texts.sentMessage, { n: roundEntries.length }) });
    }
  }, [sending, finished, roundEntries.length]);

  const askingName = !name || editingName;
  useTourOnce(tour.start, { storageKey: storageKeys.hasSeenUploadTour, steps: uploadTourSteps, ready: !askingName && !albumsLoading && !pinRefusal });

  const selectedBytes = totalBytes(held);
  const albumName = albums.find((album) => album.id === albumId)?.album_name;

  const saveName = (typed: string) => {
    writeStored(nameKey, typed);
    setName(typed);
    setEditingName(false);
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    let files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file can be picked again after a removal
    const problem = checkSelection(files, waitingCount(entries), profile);
    if (problem) {
      setNotice({ ...problem, kind: 'error' });
      return;
    }
    if (!albumId) return;
    // Issue 25: a video longer than the event allows is refused at once, before anything is sent.
    if (publicEvent?.video_max_seconds && files.some((file) => file.type.startsWith('video/'))) {
      const lengths = await checkVideoLengths(files, publicEvent.video_max_seconds);
      if (lengths.problem) setNotice({ ...lengths.problem, kind: 'error' });
      if (lengths.keep.length === 0) return;
      files = lengths.keep;
    }
    const tip = uploadTip([...held, ...files]);
    if (tipTimer.current) clearTimeout(tipTimer.current);
    if (tip) tipTimer.current = setTimeout(() => setNotice({ ...tip, kind: 'error' }), TIP_DELAY_MS);
    const queueNow = queue ?? (await loadUploadQueue());
    // Issue 28: the place of the QR code the guest came from (the server kept it in a cookie).
    await queueNow.add({ eventId, albumId, userId: name, place: placeFromCookies(document.cookie, eventId) }, files, { hold: true });
  };

  const send = async () => {
    const problem = checkSomethingToSend(held) ?? checkTotalSize(held, profile);
    if (problem) {
      setNotice({ ...problem, kind: 'error' });
      return;
    }
    if (!queue) return;
    if (tipTimer.current) clearTimeout(tipTimer.current);
    setPreparing(true);
    try {
      await queue.release(eventId);
    } finally {
      setPreparing(false);
    }
  };

  const removeSent = async (id: string) => {
    if (!queue) return texts.sendErrorTitle;
    const result = await queue.removeUploaded(id);
    return result.ok ? null : result.message;
  };

  // Issue 22: the upload link of a PIN event, opened on a new device, asks for the PIN right here.
  if (pinRefusal) {
    return (
      <PinPrompt
        className="guest-upload"
        error={pinsTyped > 0 ? pinRefusal : null}
        onPin={(pin) => {
          rememberEventPin(eventId, pin);
          setPinsTyped((count) => count + 1);
          void reloadAlbums();
        }}
      />
    );
  }

  return (
    <main className="guest-upload">
      <header className="guest-upload__header">
        <Link className="guest-upload__back" to={`/events/share/${eventId}`} aria-label={texts.backToAlbums}>
          ‹
        </Link>
        <h1>{texts.uploadTitle}</h1>
        {!askingName ? (
          <TourHelpButton label={texts.helpLabel} tooltip={texts.helpTooltip} onClick={() => tour.start(uploadTourSteps)} />
        ) : null}
      </header>

      {askingName ? (
        <NamePrompt
          initial={name}
          onSubmit={saveName}
          onMissing={() => setNotice({ kind: 'error', title: texts.nameMissingTitle, message: texts.nameMissingMessage })}
        />
      ) : (
        <>
          <p className="guest-upload__sender" data-tour="upload-who">
            <span>{texts.sendingAs}</span> <strong>{name}</strong>{' '}
            <button type="button" className="guest-link" onClick={() => setEditingName(true)} disabled={sending > 0}>
              {texts.change}
            </button>
          </p>

          {snapshot.offline ? (
            <p className="guest-banner guest-banner--offline" role="status">
              {texts.offline}
            </p>
          ) : null}

          <ConnectionBanner connection={connection} selectedBytes={selectedBytes} />

          {!albumsLoading && albums.length === 0 ? <EmptyState>{texts.noUploadAlbums}</EmptyState> : null}

          {previews.length > 0 ? (
            <PreviewGrid
              items={previews}
              previews={previewUrls}
              sentBytes={snapshot.sentBytes}
              onRemove={(id) => void queue?.forget(id)}
              onRetry={(id) => void queue?.retry(id)}
            />
          ) : (
            <EmptyState>{texts.nothingSent}</EmptyState>
          )}

          {sending > 0 ? (
            <div className="guest-progress">
              <div
                className="guest-progress__bar"
                role="progressbar"
                aria-label={texts.progressLabel}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={snapshot.percent}
              >
                <span style={{ width: `${snapshot.percent}%` }} />
              </div>
              <p aria-live="polite">{progressText(snapshot.progress) ?? texts.preparing}</p>
            </div>
          ) : null}

          {finished && held.length === 0 ? (
            <p className="guest-upload__done" role="status">
              {texts.allSent}
              {roundEntries.some((entry) => entry.awaitingApproval) ? (
                <>
                  <br />
                  {texts.awaitingApproval}
                </>
              ) : null}
            </p>
          ) : null}
          {finished && held.length === 0 ? (
            <Link className="mk-button mk-button--secondary guest-upload__messages" to={`/events/share/${encodeURIComponent(eventId)}/recados`}>
              {texts.leaveMessage}
            </Link>
          ) : null}

          <Button className="guest-upload__send" data-tour="upload-send" onClick={send} disabled={preparing || !albumId || !queue}>
            {preparing ? texts.preparing : texts.send}
          </Button>

          <MyPhotos entries={myPhotos(entries)} onRemove={removeSent} />
          {entries.some((entry) => entry.state === 'stored') ? <InstallOffer /> : null}

          <nav className="guest-upload-bar" aria-label={texts.uploadTitle}>
            <button type="button" className="guest-upload-bar__item" data-tour="upload-album" onClick={() => setPickingAlbum(true)} disabled={albums.length === 0}>
              <span>{texts.album}</span>
              {albumName ? <small>{albumName}</small> : null}
            </button>
            <label className="guest-upload-bar__item" data-tour="upload-camera">
              <input className="mk-visually-hidden" type="file" accept="image/*,video/*" capture="environment" onChange={(event) => void pick(event)} />
              <span>{texts.openCamera}</span>
            </label>
            <label className="guest-upload-bar__item" data-tour="upload-gallery">
              <input className="mk-visually-hidden" type="file" accept="image/*,video/*" multiple onChange={(event) => void pick(event)} />
              <span>{texts.selectPhoto}</span>
            </label>
          </nav>
        </>
      )}

      <AlbumPicker open={pickingAlbum} albums={albums} selected={albumId} onSelect={setAlbumId} onClose={() => setPickingAlbum(false)} />
      <FeedbackDialog feedback={notice} closeLabel={texts.close} onClose={() => setNotice(null)} />
      <GuidedTour tour={tour} texts={tourTexts} />
    </main>
  );
}
