import { test as base } from './csp-guard';
import { startServer, type RunningServer } from './server';

/** `server`: one all-in-one server per test file (worker), with default settings. */
export const test = base.extend<object, { server: RunningServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker' },
  ],
});

export { expect } from './csp-guard';

/** An unsigned token with an exp: enough for the client-side guard, which decodes without verifying. */
export function clientSideToken(expiresInSeconds: number): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ exp, sub: 'e2e' })}.c2lnbmF0dXJl`;
}
