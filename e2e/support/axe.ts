import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect } from './csp-guard';

// axe-core itself, put into the page (its Playwright wrapper needs Node 22): zero violations of WCAG
// 2.x A/AA and best practices (colour contrast included) on whatever the page shows now.
const axeSource = readFileSync(createRequire(__filename).resolve('axe-core/axe.min.js'), 'utf8');

export async function expectNoViolations(page: Page, screen: string) {
  // What is on screen once it has settled: a slide still fading in (the wall's 600-ms `wall-in`) has
  // its text at part of its colour, which axe would measure as too little contrast. Endless ones
  // (spinners, skeletons) are what the screen is while it loads.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 10_000 },
  );
  // Evaluated by the test, not added as a <script>: the page's CSP rightly refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown; failureSummary?: string }> }> }> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations.map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => `${JSON.stringify(node.target)}: ${node.failureSummary ?? ''}`) }));
  });
  expect(violations, `${screen}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
