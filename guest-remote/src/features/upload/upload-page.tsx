import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import {
  connectionProfiles,
  readStored,
  storageKeys,
  writeStored,
  uploadFiles,
  UploadError,
} from '@momentos/api-client';
import {
  Button,
  EmptyState,
  FeedbackDialog,
  formatText,
  GuidedTour,
  TourHelpButton,
  useGuidedTour,
  useTourOnce,
} from '@momentos/design-kit';
import { texts } from '../../texts';
import { preselectAlbum } from './album-choice';
import { AlbumPicker } from './album-picker';
import { useConnection } from './api/use-connection';
import { useUploadAlbums } from './api/use-upload-albums';
import { ConnectionBanner } from './connection-banner';
import { NamePrompt } from './name-prompt';
import { PreviewGrid } from './preview-grid';
import {
  checkSelection,
  checkSomethingToSend,
  checkTotalSize,
  TIP_DELAY_MS,
  totalBytes,
  uploadTip,
  type SelectionProblem,
} from './selection-rules';
import { useUploadStore } from './upload-store';
import { tourTexts, uploadTourSteps } from './upload-tour';
import './upload-page.css';

type Notice = SelectionProblem & { kind: 'success' | 'error' };

/** 'Registrar momento' (spec §2): the guest's name, the destination album, the selection and the send. */
export default function UploadPage() {
  const { id: eventId = '' } = useParams();
  const location = useLocation();
  const nameKey = storageKeys.guestName(eventId);
  const [name, setName] = useState(() => readStored(nameKey) ?? '');
  const [editingName, setEditingName] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [pickingAlbum, setPickingAlbum] = useState(false);
  const connection = useConnection();
  // Until detection answers (one small request), the medium profile: a pick is never dropped.
  const profile = connection?.profile ?? connectionProfiles.medium;
  const { loading: albumsLoading, albums } = useUploadAlbums(eventId);
  const cameFrom =
    (location.state as { albumId?: string } | null)?.albumId ?? new URLSearchParams(location.search).get('album');
  const [albumId, setAlbumId] = useState<string | null>(null);
  const { selection, status, progress, add, remove, clear, setStatus, setProgress } = useUploadStore();
  const tipTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const tour = useGuidedTour();

  useEffect(() => {
    if (!albumsLoading) setAlbumId((current) => current ?? preselectAlbum(albums, cameFrom));
  }, [albumsLoading, albums, cameFrom]);

  // Leaving the screen releases the previews and any pending tip.
  useEffect(
    () => () => {
      clear();
      setStatus('idle');
      if (tipTimer.current) clearTimeout(tipTimer.current);
    },
    [clear, setStatus],
  );

  const askingName = !name || editingName;
  useTourOnce(tour.start, { storageKey: storageKeys.hasSeenUploadTour, steps: uploadTourSteps, ready: !askingName && !albumsLoading });

  const busy = status === 'preparing' || status === 'uploading';
  const selectedBytes = totalBytes(selection.map((item) => item.file));
  const albumName = albums.find((album) => album.id === albumId)?.album_name;

  const saveName = (typed: string) => {
    writeStored(nameKey, typed);
    setName(typed);
    setEditingName(false);
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file can be picked again after a removal
    const problem = checkSelection(files, selection.length, profile);
    if (problem) {
      setNotice({ ...problem, kind: 'error' });
      return;
    }
    add(files);
    const all = [...selection.map((item) => item.file), ...files];
    const tip = uploadTip(all);
    if (tipTimer.current) clearTimeout(tipTimer.current);
    if (tip) tipTimer.current = setTimeout(() => setNotice({ ...tip, kind: 'error' }), TIP_DELAY_MS);
  };

  const send = async () => {
    const files = selection.map((item) => item.file);
    const problem = checkSomethingToSend(files) ?? checkTotalSize(files, profile);
    if (problem) {
      setNotice({ ...problem, kind: 'error' });
      return;
    }
    if (!albumId) return;
    if (tipTimer.current) clearTimeout(tipTimer.current);
    setStatus('preparing');
    setProgress(null);
    try {
      await uploadFiles({
        files,
        albumId,
        userId: name,
        profile,
        onProgress: (update) => {
          setStatus('uploading');
          setProgress(update);
        },
      });
      clear();
      setStatus('done');
      setNotice({ kind: 'success', title: texts.sentTitle, message: formatText(texts.sentMessage, { n: files.length }) });
    } catch (error) {
      const failure = error instanceof UploadError ? error : new UploadError(texts.sendErrorTitle, String(error));
      setStatus('error');
      setNotice({ kind: 'error', title: failure.title, message: failure.message });
    }
  };

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
            <button type="button" className="guest-link" onClick={() => setEditingName(true)} disabled={busy}>
              {texts.change}
            </button>
          </p>

          <ConnectionBanner connection={connection} selectedBytes={selectedBytes} />

          {!albumsLoading && albums.length === 0 ? <EmptyState>{texts.noUploadAlbums}</EmptyState> : null}

          {selection.length > 0 ? (
            <PreviewGrid items={selection} onRemove={remove} disabled={busy} />
          ) : (
            <EmptyState>{texts.nothingSent}</EmptyState>
          )}

          {busy ? (
            <div className="guest-progress">
              <div
                className="guest-progress__bar"
                role="progressbar"
                aria-label={texts.progressLabel}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={progress?.percent ?? 0}
              >
                <span style={{ width: `${progress?.percent ?? 0}%` }} />
              </div>
              <p aria-live="polite">{progress?.message ?? texts.preparing}</p>
            </div>
          ) : null}

          <Button className="guest-upload__send" data-tour="upload-send" onClick={send} disabled={busy || !albumId}>
            {status === 'preparing' ? texts.preparing : texts.send}
          </Button>

          <nav className="guest-upload-bar" aria-label={texts.uploadTitle}>
            <button type="button" className="guest-upload-bar__item" data-tour="upload-album" onClick={() => setPickingAlbum(true)} disabled={busy || albums.length === 0}>
              <span>{texts.album}</span>
              {albumName ? <small>{albumName}</small> : null}
            </button>
            <label className="guest-upload-bar__item" data-tour="upload-camera">
              <input className="mk-visually-hidden" type="file" accept="image/*,video/*" capture="environment" onChange={pick} disabled={busy} />
              <span>{texts.openCamera}</span>
            </label>
            <label className="guest-upload-bar__item" data-tour="upload-gallery">
              <input className="mk-visually-hidden" type="file" accept="image/*,video/*" multiple onChange={pick} disabled={busy} />
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
