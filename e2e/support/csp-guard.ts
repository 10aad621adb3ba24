import { expect, test as base, type Browser, type BrowserContext } from '@playwright/test';

/** A report of something the page's security headers blocked or could not parse. */
export interface PolicyViolation {
  page: string;
  report: string;
}

/** Chromium's console lines for a blocked load or a header it could not read. */
const POLICY_CONSOLE = /Content[- ]Security[- ]Policy|Permissions[- ]Policy/i;

/**
 * Records every Content-Security-Policy violation in a context's pages: the `securitypolicyviolation`
 * event of each document (and frame), and Chromium's console errors about the CSP or the
 * Permissions-Policy header.
 */
export async function watchPolicies(context: BrowserContext, found: PolicyViolation[]): Promise<void> {
  await context.exposeBinding('__reportPolicyViolation', ({ frame }, report: string) => {
    found.push({ page: frame.url(), report });
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : '';
      const report = `${event.effectiveDirective} blocked ${event.blockedURI || 'an inline resource'}${where}`;
      void (window as unknown as { __reportPolicyViolation: (text: string) => Promise<void> }).__reportPolicyViolation(report);
    });
  });
  context.on('console', (message) => {
    if ((message.type() === 'error' || message.type() === 'warning') && POLICY_CONSOLE.test(message.text())) {
      found.push({ page: message.page()?.url() ?? '', report: message.text() });
    }
  });
}

/**
 * Every browser test runs with the server's real headers and fails on any violation, in the default
 * context and in every context a test opens itself (`browser.newContext`). Specs import `test` from
 * here, never from '@playwright/test' (the lint enforces it).
 */
export const test = base.extend<{ policyViolations: PolicyViolation[] }>({
  policyViolations: [
    async ({ context, browser }, use) => {
      const found: PolicyViolation[] = [];
      await watchPolicies(context, found);
      const original = browser.newContext.bind(browser);
      (browser as { newContext: Browser['newContext'] }).newContext = async (options) => {
        const opened = await original(options);
        await watchPolicies(opened, found);
        return opened;
      };
      try {
        await use(found);
      } finally {
        (browser as { newContext: Browser['newContext'] }).newContext = original;
      }
      expect(found, 'the pages reported Content-Security-Policy or Permissions-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
