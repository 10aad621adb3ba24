import { useState } from 'react';
import { estimateUploadSeconds, type DetectedConnection } from '@momentos/api-client';
import { formatText } from '@momentos/design-kit';
import { texts } from './texts';
import { formatDuration } from './selection-rules';

const TYPICAL_PHOTO_BYTES = 3 * 1024 * 1024;

/** The dismissible warning on slow or mobile connections: warning, batch advice, estimated time. */
export function ConnectionBanner({ connection, selectedBytes }: { connection: DetectedConnection | null; selectedBytes: number }) {
  const [dismissed, setDismissed] = useState(false);
  if (!connection || dismissed || (!connection.showWarning && !connection.mobile)) return null;
  const { profile } = connection;
  const title = connection.showWarning ? texts.slowConnectionTitle : texts.mobileConnectionTitle;
  const estimate =
    selectedBytes > 0
      ? formatText(texts.estimatedTime, { time: formatDuration(estimateUploadSeconds(selectedBytes, profile)) })
      : formatText(texts.estimatedTimePerPhoto, { time: formatDuration(estimateUploadSeconds(TYPICAL_PHOTO_BYTES, profile)) });
  return (
    <section className="guest-banner" role="status" aria-label={title}>
      <div>
        <p className="guest-banner__title">{title}</p>
        <p>{texts.connectionWarning}</p>
        <p>{formatText(texts.batchAdvice, { max: profile.maxFilesPerSelection })}</p>
        <p>{estimate}</p>
      </div>
      <button type="button" className="guest-banner__dismiss" aria-label={texts.dismiss} onClick={() => setDismissed(true)}>
        ×
      </button>
    </section>
  );
}
