import { formatText, ImagePlaceholder } from '@momentos/design-kit';
import type { QueueEntry } from '@momentos/api-client';
import { texts } from './texts';
import { stateLabel } from './queue-view';

interface PreviewGridProps {
  items: readonly QueueEntry[];
  previews: ReadonlyMap<string, string>;
  sentBytes: Readonly<Record<string, number>>;
  onRemove: (id: string) => void;
  onRetry: (id: string) => void;
}

/** The queue as a 3-column grid of previews, each with its state; removable until it is being sent. */
export function PreviewGrid({ items, previews, sentBytes, onRemove, onRetry }: PreviewGridProps) {
  return (
    <ul className="guest-previews" aria-label={texts.selectedFiles}>
      {items.map((item) => {
        const preview = previews.get(item.id);
        const label = stateLabel(item, sentBytes[item.id]);
        return (
          <li key={item.id} className={`guest-previews__item guest-previews__item--${item.state}`} aria-label={`${item.name}: ${label}`}>
            {!preview ? (
              <ImagePlaceholder />
            ) : item.type.startsWith('video/') ? (
              // '#t=0.1' makes mobile browsers paint the first frame instead of a black box.
              <video src={`${preview}#t=0.1`} preload="metadata" muted playsInline aria-label={item.name} />
            ) : (
              <img src={preview} alt={item.name} />
            )}
            <span className="guest-previews__state" role="status">
              {label}
            </span>
            {item.state === 'failed' ? (
              <span className="guest-previews__failure">
                <span>{item.error}</span>
                {!item.unreadable ? (
                  <button type="button" className="guest-link" onClick={() => onRetry(item.id)}>
                    {texts.retry}
                  </button>
                ) : null}
              </span>
            ) : null}
            {item.state === 'waiting' || item.state === 'failed' ? (
              <button
                type="button"
                className="guest-previews__remove"
                aria-label={formatText(texts.removeFile, { name: item.name })}
                onClick={() => onRemove(item.id)}
              >
                ×
              </button>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
