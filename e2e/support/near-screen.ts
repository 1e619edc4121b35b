import type { Page } from '@playwright/test';

const MARKER = 'data-e2e-rendered';

/**
 * Chromium skips laying out what has `content-visibility: auto` (the catalogue's cards) while it
 * is far from the window: its box keeps a placeholder size and its contents have no geometry. A
 * full-page capture or a width check must see it as the user will once scrolled there, so `on`
 * renders every such element at once (inline `visible` without its transition, marked) and `off`
 * gives each back its own rules.
 */
export async function renderNearScreenContent(page: Page, on: boolean): Promise<void> {
  await page.evaluate(
    ({ on, marker }) => {
      if (!on) {
        for (const element of document.querySelectorAll<HTMLElement>(`[${marker}]`)) {
          element.style.removeProperty('content-visibility');
          element.style.removeProperty('transition');
          element.removeAttribute(marker);
        }
        return;
      }
      for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
        if (getComputedStyle(element).contentVisibility !== 'auto') continue;
        // The cards delay leaving `auto` by 300 ms (a transition, for their hover tooltip): none here.
        element.style.setProperty('transition', 'none');
        element.style.setProperty('content-visibility', 'visible');
        element.setAttribute(marker, '');
      }
    },
    { on, marker: MARKER },
  );
}
