// Public entry of @momentos/api-client (a federation singleton: one auth store per page).
export { http, setAuthenticationHeader } from './http/http-client';
export { request } from './http/api-result';
export { ApiError, dataOf } from './fetching/api-error';
export { apiKeys } from './fetching/api-keys';
export { askAgainIfNotLoaded } from './fetching/live-change';
export { useRevalidateAfterLoad } from './fetching/revalidate-after-load';
export { useAuthStore } from './auth/auth-store';
export { isTokenUsable } from './auth/token';
export { storageKeys, readStored, writeStored } from './storage-keys';
export { getHealth } from './calls/health';
export { login, logout } from './calls/auth';
export { getSetupState, createFirstAccount } from './calls/account';
export { requestPasswordReset, getPasswordResetLink, resetPassword, getAccount, updateAccount, changePassword } from './calls/account';
export type { Account, ForgotPasswordAnswer, SetupState } from './calls/account';
export { getNotificationSettings, saveNotificationSettings } from './calls/account';
export type { NotificationSettings } from './calls/account';
export { getTeam, createTeamInvite, revokeTeamInvite, removeTeamMember, getTeamInvite, acceptTeamInvite, createAccountFromInvite } from './calls/team';
export type { Team, TeamInviteCreated, TeamInviteInput, TeamRole } from './calls/team';
export { getWebhook, saveWebhook, regenerateWebhookSecret, deleteWebhook } from './calls/webhooks';
export type { WebhookDelivery, WebhookState } from './calls/webhooks';
export {
  listEvents,
  getEvent,
  getPublicEvent,
  createEvent,
  updateEvent,
  deleteEvent,
  resolveApiUrl,
  createWallLink,
  revokeWallLink,
  getWallEvent,
  rememberEventPin,
  hasEventPin,
  isPinRefusal,
  setWallToken,
  requestPrintables,
} from './calls/events';
export type { PrintableKind } from '@momentos/api-contract';
export { listAlbums, createAlbum, updateAlbum, deleteAlbum } from './calls/albums';
export { searchEventByCode, getShareQrCode, fetchQrCodeImage } from './calls/invite';
export type { EventItem, EventInput, PublicEvent, Album, AlbumInput, EventSearchResult } from './calls/types';
export {
  listAlbumPhotos,
  earlyAlbumPhotos,
  getPhotoUpdates,
  listAlbumUploaders,
  removePhoto,
  moderatePhoto,
  listPublicPhotos,
  requestDownload,
  apiUrl,
  photoFileUrl,
  photoDownloadUrl,
} from './calls/photos';
export type { PaintedGallery, PhotoItem, PhotoModeration } from './calls/photos';
export { AlbumRealtimeClient, albumRealtime } from './realtime/album-realtime';
export type { RealtimeMessage, RealtimeListener } from './realtime/album-realtime';
// Issue 24: the one live feed of an album's photos.
export { useAlbumLive } from './live/use-album-live';
export type { LiveTarget } from './live/use-album-live';
export { applyPhotoUpdates, pollDelayMs, pollingSchedule, processingIds, withNewPhotos, withoutPhotos } from './live/live-merge';
export { loadUploadQueue, resumePendingUploads } from './upload-queue/load-upload-queue';
export type { UploadQueue } from './upload-queue/upload-queue';
export type { QueueEntry, QueueProgress, QueueSnapshot } from './upload-queue/queue-entry';
export { connectionProfiles, detectConnection, estimateUploadSeconds } from './upload/connection-profile';
export type { ConnectionProfile, DetectedConnection, NetworkInformationLike } from './upload/connection-profile';
export { videoTexts, videoState, playbackUrl, formatDuration, videoTooLongMessage, videoOverLimit, readVideoDuration } from './videos';
export type { PhotoOrder } from '@momentos/api-contract';
// Issue 26: the guestbook and hearts.
export { listMessages, postMessage, moderateMessage, removeMessage, setHeart, heartedPhotos, messageLimits } from './calls/messages';
export type { MessageItem, MessageModeration } from './calls/messages';
export type { NewMessagesMessage, MessagesRemovedMessage, ReactionsMessage } from '@momentos/api-contract';
