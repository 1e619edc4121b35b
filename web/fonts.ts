/**
 * The web font, made from @fontsource-variable/inter: `npm run fonts -w web` writes the two files
 * below, and the build checks that they are what this module makes (vite.config.ts,
 * `torque:fonts-current`), so a changed range or a new Inter release cannot be half applied.
 *
 * - FONT_FILE: Inter's variable latin subset (the same characters as fontsource's) with its weight
 *   axis cut to the weights the app uses, 400–800 (Tailwind's font-normal to font-extrabold):
 *   31.6 kB instead of 48.3 kB. Every page asks for it, sharing a slow phone's first seconds with
 *   the scripts (docs/PERFORMANCE.md).
 * - FONTS_CSS: its @font-face, and fallback faces of the local fonts a phone or a laptop has
 *   (Arial and its metric twins, Roboto), scaled by Capsize's metrics to Inter's average width and
 *   line metrics, so text laid out before the font arrives wraps as it will with Inter.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import roboto from '@capsizecss/metrics/roboto';
import subsetFont from 'subset-font';

const SOURCE_FONT = fileURLToPath(
  import.meta.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
);
export const FONT_FILE = fileURLToPath(new URL('./src/assets/fonts/inter-latin-wght-400-800.woff2', import.meta.url));
export const FONTS_CSS = fileURLToPath(new URL('./src/styles/fonts.css', import.meta.url));

/** fontsource's latin subset (its @font-face's unicode-range), which the subset keeps whole. */
const LATIN =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
const WEIGHTS = { min: 400, max: 800 };

/** The local faces standing in for Inter until it arrives, each under its regular and bold names. */
const FALLBACKS = [
  {
    metrics: arial,
    // Liberation Sans (Linux) and Arimo (ChromeOS) are drawn to Arial's metrics.
    regular: ['Arial', 'Liberation Sans', 'Arimo'],
    bold: ['Arial Bold', 'Liberation Sans Bold', 'Arimo Bold'],
  },
  {
    metrics: roboto,
    regular: ['Roboto', 'Roboto-Regular'],
    bold: ['Roboto Bold', 'Roboto-Bold'],
  },
];

/** Every code point of a CSS unicode-range, as the text to subset to. */
function rangeText(range: string): string {
  return range
    .split(',')
    .map((part) => part.trim().replace(/^U\+/, ''))
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map((hex) => parseInt(hex, 16));
      return Array.from({ length: to! - from! + 1 }, (_, i) => String.fromCodePoint(from! + i));
    })
    .join('');
}

function fallbackFaces(): string {
  return FALLBACKS.map(({ metrics, regular, bold }) => {
    // Capsize computes the overrides; the names and the bold face are this app's.
    const { fontFaces } = createFontStack([inter, metrics], { fontFaceFormat: 'styleObject' });
    const computed = fontFaces[0]!['@font-face'];
    const overrides = [
      ['ascent-override', computed.ascentOverride],
      ['descent-override', computed.descentOverride],
      ['line-gap-override', computed.lineGapOverride],
      ['size-adjust', computed.sizeAdjust],
    ]
      .filter(([, value]) => value !== undefined)
      .map(([property, value]) => `  ${property}: ${value};`)
      .join('\n');
    const family = `Inter Fallback ${metrics.familyName}`;
    const face = (weight: number, names: string[]) =>
      `@font-face {\n  font-family: '${family}';\n  font-weight: ${weight};\n  src: ${names.map((name) => `local('${name}')`).join(', ')};\n${overrides}\n}`;
    return `${face(400, regular)}\n${face(700, bold)}`;
  }).join('\n');
}

export async function makeFonts(): Promise<{ font: Buffer; css: string }> {
  const font = await subsetFont(await readFile(SOURCE_FONT), rangeText(LATIN), {
    targetFormat: 'woff2',
    variationAxes: { wght: WEIGHTS },
  });
  const css = `/* Made by web/fonts.ts (npm run fonts -w web), which says why; do not edit by hand. */
@font-face {
  font-family: 'Inter Variable';
  font-style: normal;
  /* Preloaded by index.html; if it is not here by the first paint, the fallback stays (no swap, no shift). */
  font-display: optional;
  font-weight: ${WEIGHTS.min} ${WEIGHTS.max};
  src: url('../assets/fonts/inter-latin-wght-400-800.woff2') format('woff2-variations');
  unicode-range: ${LATIN};
}
${fallbackFaces()}
`;
  return { font, css };
}

/** Whether the committed files are what makeFonts makes now (the build's check). */
export async function fontsAreCurrent(): Promise<boolean> {
  const [{ font, css }, committedFont, committedCss] = await Promise.all([
    makeFonts(),
    readFile(FONT_FILE).catch(() => Buffer.alloc(0)),
    readFile(FONTS_CSS, 'utf8').catch(() => ''),
  ]);
  return font.equals(committedFont) && css === committedCss;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { font, css } = await makeFonts();
  await Promise.all([writeFile(FONT_FILE, font), writeFile(FONTS_CSS, css)]);
  console.log(`${FONT_FILE}: ${(font.length / 1000).toFixed(1)} kB\n${FONTS_CSS}`);
}
