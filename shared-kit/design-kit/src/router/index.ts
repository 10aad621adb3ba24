// @momentos/design-kit/router: the router behind the navigation facade, for whatever mounts routes
// (the shell, a remote's standalone dev mount, tests). Pages use the facade from @momentos/design-kit.
export { BrowserAppRouter } from './app-router';
export type { AppRoute } from './app-router';
export { createMemoryAppRouter } from './memory-router';
export type { MemoryAppRouter } from './memory-router';
export { renderStandalone } from './render-standalone';
