import { expect, type Page } from '@playwright/test';
import { renderNearScreenContent } from './near-screen.ts';

/** The widest elements sticking out of the viewport, for the failure message. */
interface Overflow {
  selector: string;
  right: number;
}

/**
 * Issue 31: at a phone's width the document must not scroll sideways
 * (`scrollWidth <= clientWidth` of the root). A soft check, like the axe one: the test goes on
 * and its screenshot is written. The message names the elements reaching furthest right.
 * What renders only near the screen (the catalogue's cards below the first screen) is rendered
 * for the measure: skipped, a card's overflowing contents would have no width to find.
 */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  await renderNearScreenContent(page, true);
  try {
    await measureAndExpect(page, label);
  } finally {
    await renderNearScreenContent(page, false);
  }
}

async function measureAndExpect(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth, widest } = await page.evaluate(() => {
    const root = document.documentElement;
    const describe = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList]
        .slice(0, 4)
        .map((name) => `.${name}`)
        .join('')}`;
    const widest: Overflow[] = [...document.body.querySelectorAll('*')]
      .map((element) => ({ element, right: element.getBoundingClientRect().right }))
      .filter(({ right }) => right > root.clientWidth + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map(({ element, right }) => ({ selector: describe(element), right: Math.round(right) }));
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest };
  });
  expect
    .soft(
      scrollWidth,
      `${label}: the page is ${scrollWidth} px wide in a ${clientWidth} px window; furthest right: ${widest
        .map((o) => `${o.selector} (${o.right} px)`)
        .join(', ')}`,
    )
    .toBeLessThanOrEqual(clientWidth);
}
