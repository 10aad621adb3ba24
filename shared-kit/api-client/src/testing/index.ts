// `@momentos/api-client/testing`: what the front-end tests use to fake the API (never the product).
export { apiServer, apiError, fake, fakeApi, heldAnswer, http, HttpResponse, resetFakeApi } from './fake-api';
export type { FakeApi, FakeApiData, FakeOrganiser, RecordedRequest } from './fake-api';
export { FreshDataCache } from './fresh-data-cache';
export { forgetUploadQueue } from '../upload-queue/load-upload-queue';
