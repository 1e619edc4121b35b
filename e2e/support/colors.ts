import type { Locator } from '@playwright/test';

export type Hue = 'red' | 'green' | 'blue' | 'grey';

/**
 * The hue a person sees in an element's text colour: PRODUCT.md §8 asks for a green success and
 * red card errors. The computed colour may be oklch() (Tailwind 4); painting it on a canvas
 * turns any CSS colour into RGB.
 */
export async function textHue(locator: Locator): Promise<Hue> {
  const [r, g, b] = await locator.evaluate((element) => {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.fillStyle = getComputedStyle(element).color;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  });
  const max = Math.max(r!, g!, b!);
  if (max - Math.min(r!, g!, b!) < 40) return 'grey';
  return max === r ? 'red' : max === g ? 'green' : 'blue';
}
