// The fake API of the front-end tests (Mock Service Worker, shared-kit/api-client/src/testing): on for
// the whole file, emptied and back to its default handlers after each test.
const { apiServer, resetFakeApi } = require('@momentos/api-client/testing');

beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => resetFakeApi());
afterAll(() => apiServer.close());
