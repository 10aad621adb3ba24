import { test as base } from './csp-guard';
import { startServer, type RunningServer } from './server';

export const organiser = { email: 'organizadora@example.com', password: 'senha-secreta-123' };

/**
 * A server per test with one organiser account (created at start from ORGANISER_EMAIL/PASSWORD): each
 * test starts from an empty event list, whichever spec files ran before it in the same worker.
 */
export const test = base.extend<{ organiserServer: RunningServer }>({
  organiserServer: async ({}, use) => {
    const server = await startServer({ ORGANISER_EMAIL: organiser.email, ORGANISER_PASSWORD: organiser.password });
    await use(server);
    await server.stop();
  },
});

export { expect } from './csp-guard';
