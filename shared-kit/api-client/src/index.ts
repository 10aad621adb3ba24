// Public entry of @momentos/api-client (a federation singleton: one auth store per page).
export { http, setAuthenticationHeader } from './http/http-client';
export { request } from './http/api-result';
export type { ApiResult, ApiSuccess, ApiFailure } from './http/api-result';
export { ApiError, dataOf } from './fetching/api-error';
export { apiKeys } from './fetching/api-keys';
export { useAuthStore } from './auth/auth-store';
export { isTokenUsable } from './auth/token';
export { storageKeys, readStored, writeStored } from './storage-keys';
export { getHealth } from './calls/health';
export type { Health } from './calls/health';
export { login, logout } from './calls/auth';
export { getSetupState, createFirstAccount } from './calls/account';
export type { AccountCreated, SetupInput, SetupState } from './calls/account';
export { requestPasswordReset, getPasswordResetLink, resetPassword, getAccount, updateAccount, changePassword } from './calls/account';
export type { Account, AccountInput, ForgotPasswordAnswer, PasswordChanged, PasswordChangeInput, ResetLinkState } from './calls/account';
export { getNotificationSettings, saveNotificationSettings } from './calls/account';
export type { NotificationSettings, NotificationSettingsView } from './calls/account';
export { getTeam, createTeamInvite, revokeTeamInvite, removeTeamMember, getTeamInvite, acceptTeamInvite, createAccountFromInvite } from './calls/team';
export type { InviteAccountInput, Team, TeamInviteAccepted, TeamInviteCreated, TeamInviteInput, TeamInvitePreview, TeamRole } from './calls/team';
export { getWebhook, saveWebhook, regenerateWebhookSecret, deleteWebhook } from './calls/webhooks';
export type { WebhookDelivery, WebhookEventType, WebhookInput, WebhookSaved, WebhookState } from './calls/webhooks';
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
export type { WallEvent, WallLink } from '@momentos/api-contract';
export type { PrintableKind, PrintablesTicket } from '@momentos/api-contract';
export { listAlbums, createAlbum, updateAlbum, deleteAlbum } from './calls/albums';
export { searchEventByCode, getShareQrCode, fetchQrCodeImage, isCloudStorageUrl } from './calls/invite';
export type { EventItem, EventInput, PublicEvent, Album, AlbumInput, EventSearchResult, QrCodeResponse, LoginInput, LoginResponse } from './calls/types';
export {
  listAlbumPhotos,
  getPhotoUpdates,
  listAlbumUploaders,
  removePhoto,
  removeOwnPhoto,
  moderatePhoto,
  listPublicPhotos,
  requestDownload,
  apiUrl,
  photoFileUrl,
  photoDownloadUrl,
} from './calls/photos';
export type { DownloadTicket, DownloadTicketBody, PaintedGallery, PhotoItem, PhotoModeration, PhotoUpdate, Uploader, UploadedPhoto } from './calls/photos';
export { AlbumRealtimeClient, albumRealtime, albumSocketUrl, AUDIENCE_CLOSED_CODE, socketTicket, isNewPhotosFor, isPhotosRemovedFor, isPhotosUpdated, realtimeTimings } from './realtime/album-realtime';
export type { RealtimeMessage, NewPhotosMessage, PhotosRemovedMessage, PhotosUpdatedMessage, RealtimeListener, SocketLike, RealtimeOptions, SubscribeOptions } from './realtime/album-realtime';
// Issue 24: the one live feed of an album's photos.
export { useAlbumLive, useCachedLists } from './live/use-album-live';
export type { AlbumLive, AlbumLiveOptions, LiveTarget } from './live/use-album-live';
export { applyPhotoUpdates, compareIn, pollDelayMs, pollingSchedule, processingIds, withNewPhotos, withoutPhotos, withUpdatedPhotos } from './live/live-merge';
export type { ListScope } from './live/live-merge';
export { splitIntoBatches, backoffDelay, FILES_PER_BATCH } from './upload/upload-engine';
export { loadUploadQueue, resumePendingUploads } from './upload-queue/load-upload-queue';
export type { UploadQueue, QueueTarget } from './upload-queue/upload-queue';
export type { QueueEntry, QueueProgress, QueueSnapshot, EntryState } from './upload-queue/queue-entry';
export { connectionProfiles, detectConnection, classifyConnection, classifyMeasurement, isFlaggedSlow, estimateUploadSeconds } from './upload/connection-profile';
export type { ConnectionClass, ConnectionProfile, DetectedConnection, NetworkInformationLike } from './upload/connection-profile';
export { chunkSettings, optimalChunkSize } from './upload/chunking';
export { UploadError, TransportError, describeUploadFailure } from './upload/upload-errors';
export { httpUploadTransport } from './upload/upload-transport';
export type { UploadTransport } from './upload/upload-transport';
export { uploadTexts, formatUploadText } from './upload/upload-texts';
export { videoTexts, videoState, playbackUrl, awaitingRenditions, formatDuration, formatVideoLength, videoTooLongMessage, videoOverLimit, readVideoDuration } from './videos';
export type { PhotoOrder } from '@momentos/api-contract';
// Issue 26: the guestbook and hearts.
export { listMessages, postMessage, moderateMessage, removeMessage, setHeart, heartedPhotos, deviceId, messageLimits } from './calls/messages';
export type { MessageItem, MessageModeration, PostedMessage, ReactionState, MessageInput } from './calls/messages';
export type { NewMessagesMessage, MessagesRemovedMessage, ReactionsMessage } from '@momentos/api-contract';
