// @momentos/api-contract: every request and response shape of the API, written once as a TypeBox
// schema with its type next to it (same name). The server validates and serialises with the
// schemas (Fastify's TypeBox type provider); the front end imports the types only (`import type`),
// so none of this code reaches the browser.
export * from './common';
export * from './events';
export * from './albums';
export * from './auth';
export * from './invite';
export * from './photos';
export * from './chunks';
export * from './realtime';
export * from './files';
export * from './videos';
export * from './printables';
export * from './account';
export * from './team';
export * from './webhooks';
export * from './messages';
export * from './endpoints';
