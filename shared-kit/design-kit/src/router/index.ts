// @momentos/design-kit/router: the router behind the navigation facade, for whatever mounts routes
// (the shell, a remote's standalone dev mount, tests). Pages use the facade from @momentos/design-kit.
export { BrowserAppRouter, createMemoryAppRouter, navigateBrowser } from './app-router';
export type { AppRoute, MemoryAppRouter } from './app-router';
export { renderStandalone } from './render-standalone';
