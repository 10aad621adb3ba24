import { expect, test } from '../support/fixtures';

// The pages run under the server's Content-Security-Policy; every other spec fails on a violation
// (support/csp-guard.ts). These tests show that the policy is on and that the guard sees a breach.

test.describe('security headers in the browser', () => {
  test('the pages carry the policy; eval and an injected inline script are blocked and reported', async ({ server, page, policyViolations }) => {
    const response = await page.goto(`${server.url}/events/share/e2e-event`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toContain("script-src 'self'");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await expect(page.getByRole('button', { name: 'Registrar um momento' })).toBeVisible();
    expect(policyViolations).toEqual([]);

    // A script of our own origin that tries eval, then an inline script injected into the page.
    await page.route(`${server.url}/probe.js`, (route) =>
      route.fulfill({
        contentType: 'application/javascript',
        body: "try { window.__evaluated = eval('true'); } catch { window.__evaluated = false; }",
      }),
    );
    await page.addScriptTag({ url: `${server.url}/probe.js` });
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.body.appendChild(script);
      const state = window as unknown as { __injected?: boolean; __evaluated?: boolean };
      return { injected: Boolean(state.__injected), evaluated: state.__evaluated };
    });
    expect(ran).toEqual({ injected: false, evaluated: false });
    await expect
      .poll(() => policyViolations.map((violation) => violation.report.split(' ')[0]))
      .toEqual(expect.arrayContaining(['script-src-elem', 'script-src']));
    // Seen and asserted: cleared so that the guard's own check at the end of the test passes.
    policyViolations.splice(0);
  });

  test('the app cannot be framed by another page', async ({ server, page, policyViolations }) => {
    await page.setContent(`<iframe src="${server.url}/" title="app"></iframe>`);
    await expect.poll(() => policyViolations.length).toBeGreaterThan(0);
    expect(policyViolations.some((violation) => /frame-ancestors/.test(violation.report))).toBe(true);
    const frame = page.frames().find((candidate) => candidate !== page.mainFrame());
    expect(await frame?.locator('#root').count().catch(() => 0)).toBe(0);
    policyViolations.splice(0);
  });
});
