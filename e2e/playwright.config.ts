import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './support/chromium';

// Browser tests of the whole system against the built all-in-one server (support/server.ts).
export default defineConfig({
  testDir: './tests',
  workers: 1,
  fullyParallel: false,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  retries: 0,
  reporter: [['list'], ['./support/count-reporter.ts']],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    viewport: { width: 390, height: 844 },
    locale: 'pt-BR',
    trace: 'retain-on-failure',
  },
});
