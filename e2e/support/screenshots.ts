import path from 'node:path';
import type { Page } from '@playwright/test';
import { renderNearScreenContent } from './near-screen.ts';
import { SCREENSHOTS_DIR } from './paths.ts';

/** Issue #7: every route at a phone's width and a laptop's. */
export const SCREEN_WIDTHS = [390, 1280] as const;
export type ScreenWidth = (typeof SCREEN_WIDTHS)[number];
/** The phone: the width at which no page may scroll sideways (issue 31). */
export const PHONE_WIDTH: ScreenWidth = 390;

const HEIGHT_FOR: Record<ScreenWidth, number> = { 390: 844, 1280: 800 };

export async function setScreenWidth(page: Page, width: ScreenWidth): Promise<void> {
  await page.setViewportSize({ width, height: HEIGHT_FOR[width] });
}

/**
 * Writes artifacts/screenshots/<name>-<width>.png (e.g. `visitor/home-390.png`): the whole page
 * as the user would see it scrolling through, with lazy images loaded first and what renders only
 * near the screen (`content-visibility: auto`, the catalogue's cards) rendered for the capture,
 * so the picture is not full of empty boxes.
 */
export async function saveScreenshot(page: Page, name: string, width: ScreenWidth): Promise<void> {
  await loadLazyImages(page);
  await renderNearScreenContent(page, true);
  try {
    await page.screenshot({
      path: path.join(SCREENSHOTS_DIR, `${name}-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  } finally {
    await renderNearScreenContent(page, false);
  }
}

async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
}
