import { memo } from 'react';
import { photoFileUrl, videoTexts, type PhotoItem } from '@momentos/api-client';
import { tileState, type TileState } from '@momentos/app-manifest/dist/tile-state';
import { formatText, ImagePlaceholder } from '@momentos/design-kit';
import { texts } from '../../../texts';
import { ErrorIcon, PlayIcon } from './icons';

interface PhotoTileProps {
  photo: PhotoItem;
  index: number;
  size: number;
  /** A tile of the first row: loaded at once and first (it is what the guest sees first). */
  priority?: boolean;
  onOpen: (index: number) => void;
  /** The organiser's screen (issue 11): a state word on the tile ('Oculta', 'Aguardando aprovação'). */
  mark?: string | null;
  /** Issue 28, the organiser's screen: where the photo was sent from ('Mesa 5'), in a corner of the tile. */
  caption?: string | null;
  /** In selection mode: whether the tile is selected; a click then toggles it instead of opening. */
  selected?: boolean;
  onToggle?: (photo: PhotoItem) => void;
}

/** One square tile: thumbnail, processing state, 'Erro ao processar' or the placeholder icon. */
export const PhotoTile = memo(function PhotoTile({ photo, index, size, priority = false, onOpen, mark, caption, selected, onToggle }: PhotoTileProps) {
  const selecting = selected !== undefined && onToggle !== undefined;
  const name = formatText(photo.file_type === 'video' ? texts.videoBy : texts.photoBy, { name: photo.user_id });

  // Issue 24: what the tile shows is decided once, with the server's painted gallery (app-manifest's tile-state).
  const tile = tileState(photo, { url: photoFileUrl, selecting });
  if (tile.show === 'error') {
    return (
      <div className="gallery-tile gallery-tile--error" style={{ width: size, height: size }}>
        <ErrorIcon />
        <span>{texts.processingError}</span>
      </div>
    );
  }

  let content;
  if (tile.show === 'image') {
    // The phone copy beside the grid copy (issue 29): the browser picks by the tile's width and density.
    content = (
      <>
        <img
          className="gallery-tile__image"
          src={tile.src}
          srcSet={tile.srcset}
          sizes={tile.sizes}
          alt={name}
          width={size}
          height={size}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          draggable={false}
        />
        {tile.video ? <VideoBadge video={tile.video} /> : null}
      </>
    );
  } else if (tile.show === 'processing') {
    content = (
      <span className="gallery-tile__state" role="status">
        <span className="mk-spinner gallery-tile__spinner" aria-hidden="true" />
        <span>{texts.processing}</span>
      </span>
    );
  } else {
    content = (
      <span className="gallery-tile__state" role="img" aria-label={texts.noThumbnail}>
        <ImagePlaceholder size={36} />
      </span>
    );
  }

  return (
    <button
      type="button"
      className={['gallery-tile', mark ? 'gallery-tile--marked' : null, selecting ? 'gallery-tile--selecting' : null, selected ? 'gallery-tile--selected' : null].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      // A marked tile is named by what it shows (the photo's alt text, then its state word), so the
      // visible word is part of the name.
      aria-label={mark ? undefined : caption ? `${name}, ${caption}` : name}
      aria-pressed={selecting ? selected : undefined}
      onClick={() => (selecting ? onToggle(photo) : onOpen(index))}
    >
      {content}
      {caption ? <span className="gallery-tile__caption">{caption}</span> : null}
      {mark ? (
        <span className="gallery-tile__mark">{mark}</span>
      ) : null}
      {selecting ? <span className="gallery-tile__check" aria-hidden="true" /> : null}
    </button>
  );
});

/**
 * Issue 25: a video tile's play badge, the duration ('0:42') in its top corner; under the play icon,
 * while the rendition is being made 'Processando vídeo…', and 'Não foi possível preparar este vídeo.'
 * when it failed.
 */
function VideoBadge({ video }: { video: NonNullable<Extract<TileState, { show: 'image' }>['video']> }) {
  return (
    <>
      <span className="gallery-tile__badge" data-testid="video-badge">
        <PlayIcon />
        {video.duration ? <span className="gallery-tile__duration">{video.duration}</span> : null}
        {video.state ? (
          <span className={`gallery-tile__video-state gallery-tile__video-state--${video.state}`} role="status">
            {video.state === 'failed' ? videoTexts.failed : videoTexts.preparing}
          </span>
        ) : null}
      </span>
    </>
  );
}
