import type { TourStep, TourTexts } from '@momentos/design-kit';
import { texts } from './texts';

/** The upload tour's steps (ours: the spec leaves them out): who is sending, album, camera, gallery, send. */
export const uploadTourSteps: TourStep[] = [
  { target: '[data-tour="upload-who"]', title: texts.tourWhoTitle, content: texts.tourWho, disableBeacon: true },
  { target: '[data-tour="upload-album"]', title: texts.tourAlbumTitle, content: texts.tourAlbum, disableBeacon: true },
  { target: '[data-tour="upload-camera"]', title: texts.tourCameraTitle, content: texts.tourCamera, disableBeacon: true },
  { target: '[data-tour="upload-gallery"]', title: texts.tourGalleryTitle, content: texts.tourGallery, disableBeacon: true },
  { target: '[data-tour="upload-send"]', title: texts.tourSendTitle, content: texts.tourSend, disableBeacon: true },
];

export const tourTexts: TourTexts = {
  back: texts.tourBack,
  close: texts.tourClose,
  last: texts.tourLast,
  next: texts.tourNext,
  skip: texts.tourSkip,
  progress: texts.tourProgress,
  firstStepHint: texts.tourFirstStepHint,
};
