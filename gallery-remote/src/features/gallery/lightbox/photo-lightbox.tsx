import { useMemo, type ReactNode } from 'react';
import Lightbox, { type Slide } from 'yet-another-react-lightbox';
import Captions from 'yet-another-react-lightbox/plugins/captions';
import Download from 'yet-another-react-lightbox/plugins/download';
import Fullscreen from 'yet-another-react-lightbox/plugins/fullscreen';
import Thumbnails from 'yet-another-react-lightbox/plugins/thumbnails';
import Video from 'yet-another-react-lightbox/plugins/video';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import 'yet-another-react-lightbox/styles.css';
import 'yet-another-react-lightbox/plugins/captions.css';
import 'yet-another-react-lightbox/plugins/thumbnails.css';
import type { PhotoItem } from '@momentos/api-client';
import { texts } from '../../../texts';
import { lightboxSettings, toSlides } from './lightbox-slides';

export interface PhotoLightboxProps {
  photos: PhotoItem[];
  /** The open slide; -1 means closed (spec §4 'Lightbox'). */
  index: number;
  onClose: () => void;
  onView: (index: number) => void;
  /** Issue 26: buttons of the shown photo in the toolbar (the heart, the organiser's star). */
  actions?: (photo: PhotoItem) => ReactNode;
}

const plugins = [Fullscreen, Zoom, Thumbnails, Captions, Video, Download];
/** Issue 22: when the organiser keeps the originals, no 'Baixar' at all (not even of the screen copy). */
const pluginsWithoutDownload = plugins.filter((plugin) => plugin !== Download);

/**
 * The gallery's lightbox (its own lazily loaded chunk): fullscreen, zoom, thumbnails, the uploader's
 * name as caption, videos and the download of the original through /api/files/download.
 * The library waits for the 300 ms fade-out before it calls `close`: that is the spec's close delay.
 */
export default function PhotoLightbox({ photos, index, onClose, onView, actions }: PhotoLightboxProps) {
  const slides = useMemo(() => toSlides(photos) as Slide[], [photos]);
  const downloads = !photos.some((photo) => photo.downloadable === false);
  return (
    <Lightbox
      open={index >= 0}
      index={Math.max(0, index)}
      close={onClose}
      slides={slides}
      plugins={downloads ? plugins : pluginsWithoutDownload}
      toolbar={actions && photos[index] ? { buttons: [<span key="actions" className="lightbox-actions">{actions(photos[index])}</span>, 'close'] } : undefined}
      animation={{ fade: lightboxSettings.fadeMs }}
      zoom={{ maxZoomPixelRatio: lightboxSettings.maxZoomPixelRatio, zoomInMultiplier: lightboxSettings.zoomInMultiplier }}
      video={{ controls: true, preload: lightboxSettings.videoPreload, playsInline: true }}
      carousel={{ finite: false, preload: 2 }}
      captions={{ showToggle: false, descriptionTextAlign: 'center' }}
      on={{ view: ({ index: viewed }) => onView(viewed) }}
      labels={{
        Download: texts.downloadImage,
        Close: texts.close,
        Previous: texts.lightboxPrevious,
        Next: texts.lightboxNext,
        Lightbox: texts.lightbox,
        'Zoom in': texts.zoomIn,
        'Zoom out': texts.zoomOut,
        'Enter Fullscreen': texts.enterFullscreen,
        'Exit Fullscreen': texts.exitFullscreen,
        'Show thumbnails': texts.showThumbnails,
        'Hide thumbnails': texts.hideThumbnails,
      }}
    />
  );
}
