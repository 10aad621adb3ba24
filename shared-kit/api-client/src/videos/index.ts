export { videoTexts, videoState, playbackUrl, awaitingRenditions, formatDuration, formatVideoLength, videoTooLongMessage, videoOverLimit, readVideoDuration } from './videos';
