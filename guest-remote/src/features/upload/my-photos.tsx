import { useState } from 'react';
import { Button, Dialog, formatText, ImagePlaceholder } from '@momentos/design-kit';
import type { QueueEntry } from '@momentos/api-client';
import { texts } from './texts';
import { useMyPhotoThumbnails } from './api/use-my-photo-thumbnails';
import { stateLabel } from './queue-view';

interface MyPhotosProps {
  entries: readonly QueueEntry[];
  /** Removes one with its delete key; answers an error message when it could not. */
  onRemove: (id: string) => Promise<string | null>;
}

/** 'Minhas fotos': what this device sent to the event, each removable with a confirmation. */
export function MyPhotos({ entries, onRemove }: MyPhotosProps) {
  const thumbnails = useMyPhotoThumbnails(entries);
  const [confirming, setConfirming] = useState<QueueEntry | null>(null);
  const [removing, setRemoving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (entries.length === 0) return null;

  const remove = async () => {
    if (!confirming) return;
    setRemoving(true);
    const problem = await onRemove(confirming.id);
    setRemoving(false);
    setConfirming(null);
    setFailure(problem);
  };

  return (
    <section className="guest-my-photos" aria-labelledby="guest-my-photos-title">
      <h2 id="guest-my-photos-title">{texts.myPhotos}</h2>
      <ul className="mk-plain-list">
        {entries.map((entry) => {
          const thumbnail = entry.photoId ? thumbnails[entry.photoId] : undefined;
          return (
            <li key={entry.id} className="guest-my-photos__item">
              {thumbnail ? (
                <span className="guest-my-photos__thumb">
                  <img src={thumbnail.src} alt={entry.name} />
                  {thumbnail.duration ? (
                    <span className="guest-my-photos__duration" aria-label={formatText(texts.videoDuration, { duration: thumbnail.duration })}>
                      ▶ {thumbnail.duration}
                    </span>
                  ) : null}
                </span>
              ) : (
                <ImagePlaceholder />
              )}
              <span className="guest-my-photos__name">{entry.name}</span>
              <span className="guest-my-photos__state">{stateLabel(entry, undefined)}</span>
              {entry.deleteKey ? (
                <button type="button" className="guest-link" onClick={() => setConfirming(entry)} aria-label={`${texts.remove} ${entry.name}`}>
                  {texts.remove}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
      {failure ? <p role="alert">{failure}</p> : null}
      <Dialog open={confirming !== null} title={texts.removeTitle} closeLabel={texts.close} onClose={() => setConfirming(null)}>
        <p>{texts.removeQuestion}</p>
        <div className="guest-my-photos__actions">
          <Button variant="secondary" onClick={() => setConfirming(null)} disabled={removing}>
            {texts.cancel}
          </Button>
          <Button onClick={remove} disabled={removing}>
            {texts.remove}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
