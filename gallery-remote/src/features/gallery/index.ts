// The gallery's public face (issue 24): what the other features of gallery-remote may use of it (the
// organiser's photos share its page, list, grid and viewers). Lint keeps them to this file.
import './gallery.css';
export { useGalleryPhotos, type GalleryPhotos } from './api/use-gallery-photos';
export { OrderToggle } from './order-toggle';
export { PhotoPage, usePhotoViewers, type PhotoViewers } from './layout/photo-page';
