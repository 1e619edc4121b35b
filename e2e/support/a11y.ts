import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** Issue #7: the suite fails on any serious or critical violation. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Rules axe-core ships switched off (tagged experimental) that this suite runs as well.
 * `label-content-name-mismatch` is WCAG 2.5.3 (label in name): a control's accessible name must
 * contain its visible text, so that a speech-input user who says "click Ship Now" reaches the
 * button labelled "Ship Now, order 3". Its impact is serious, so a mismatch fails the suite.
 */
export const EXTRA_RULES = ['label-content-name-mismatch'] as const;

/**
 * Waits for what a person waits for before reading the page: its transitions to end (the dashboard's
 * menu fading in when the screen widens to 1280 px). axe computes contrast from the colours of the
 * moment, and mid-fade a link's text is paler than it will be (seen once in CI on the menu's
 * "Manage Products"). Endless animations (a loading shimmer) are not waited for, nor those driven by
 * scrolling rather than time: daisyUI's `set-page-has-scroll` runs on a scroll timeline as long as
 * a modal is open, and "runs" for good.
 */
async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.timeline !== document.timeline ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
}

/**
 * Runs axe-core (its default rule set: WCAG 2.x A/AA plus best practices, and EXTRA_RULES) on
 * the page as it is now. Every violation is attached to the report; serious and critical ones fail the test,
 * listed with the elements they were found on. The check is soft: the test goes on (its
 * screenshots get written) and fails at its end.
 */
export async function expectNoSeriousA11yViolations(page: Page, testInfo: TestInfo, label: string): Promise<void> {
  await transitionsDone(page);
  // `options` (not `withRules`, which would run only these rules) keeps the default set and turns these on.
  const rules = Object.fromEntries(EXTRA_RULES.map((id) => [id, { enabled: true }]));
  const { violations } = await new AxeBuilder({ page }).options({ rules }).analyze();
  if (violations.length > 0) {
    await testInfo.attach(`axe ${label}`, {
      body: JSON.stringify(violations, null, 2),
      contentType: 'application/json',
    });
  }
  const blocking = violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(' ')).slice(0, 5);
      return `${violation.id} (${violation.impact}): ${violation.help} — ${targets.join(' | ')}`;
    });
  expect.soft(blocking, `serious or critical accessibility violations on ${label}`).toEqual([]);
}
