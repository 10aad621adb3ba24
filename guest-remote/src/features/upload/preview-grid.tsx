import { formatText } from '@momentos/design-kit';
import { texts } from '../../texts';
import type { SelectedFile } from './upload-store';

/** The selection as a 3-column grid of previews (images and a video's first frame), each removable. */
export function PreviewGrid({ items, onRemove, disabled }: { items: SelectedFile[]; onRemove: (id: string) => void; disabled: boolean }) {
  return (
    <ul className="guest-previews" aria-label={texts.selectedFiles}>
      {items.map((item) => (
        <li key={item.id} className="guest-previews__item">
          {item.kind === 'video' ? (
            // '#t=0.1' makes mobile browsers paint the first frame instead of a black box.
            <video src={`${item.previewUrl}#t=0.1`} preload="metadata" muted playsInline aria-label={item.file.name} />
          ) : (
            <img src={item.previewUrl} alt={item.file.name} />
          )}
          <button
            type="button"
            className="guest-previews__remove"
            aria-label={formatText(texts.removeFile, { name: item.file.name })}
            onClick={() => onRemove(item.id)}
            disabled={disabled}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}
