/**
 * The console's Mantine theme. WCAG AA contrast (4.5:1 for the console's small text) is set here
 * once rather than per component:
 * - shade 8 for filled colours and links: Mantine's shade 6 gives 3.3–3.6:1 with white (blue, red);
 * - autoContrast puts dark text on the filled colours too light for white (green, orange, yellow,
 *   teal, cyan): the threshold is the luminance at which white stops reaching 4.5:1 (0.1833), above
 *   it black reaches 4.67:1 or more. At 0.18, red 8 (0.1830) got black text at 4.66:1, and under the
 *   pointer (red 9) 3.84:1;
 * - a filled colour with dark text lightens under the pointer (shade 7) rather than darkening
 *   (shade 9): black on cyan 9 or teal 9 is 3.8–4.2:1; red, whose shade 8 carries white at only
 *   4.51:1, is filled with shade 9 (5.5:1);
 * - coloured text (`c="green"`) and the light variant's text are darkened until they reach 4.5:1
 *   on white and on the light variant's tint: Mantine uses shade 8 and 9, which for green, orange,
 *   yellow, lime, teal and cyan stay below it;
 * - dimmed text is gray 7 (8.2:1) instead of gray 6 (3.3:1).
 */
import { createTheme, darken, DEFAULT_THEME, luminance, type CSSVariablesResolver } from '@mantine/core';

export const AA_TEXT_CONTRAST = 4.5;
/** The luminance above which white text on a colour falls below AA: (1 + 0.05) / 4.5 − 0.05. */
export const WHITE_TEXT_LUMINANCE_LIMIT = 1.05 / AA_TEXT_CONTRAST - 0.05;

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  luminanceThreshold: WHITE_TEXT_LUMINANCE_LIMIT,
  defaultRadius: 'sm',
  // a host who asked the system for less motion gets dialogs and menus without their fades
  respectReducedMotion: true,
});

/** WCAG contrast ratio of two colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour of a palette: its darkest shade, darkened further in small steps until it reaches
 * AA on its light tints (shade 1, and shade 2 under the pointer), the backgrounds it is used on besides white.
 */
export function readableTextColor(palette: readonly string[]): string {
  let color = palette[9];
  for (let step = 1; contrastRatio(color, palette[2]) < AA_TEXT_CONTRAST + 0.1 && step <= 10; step++) {
    color = darken(palette[9], step * 0.05);
  }
  return color;
}

/**
 * White text needs this much above 4.5:1 on a filled colour, or any blend (a dialog fading in, a
 * pressed state) takes it below AA: red 8 reaches only 4.51. Such a colour is filled with its shade 9.
 */
const WHITE_TEXT_MARGIN = 0.25;

/**
 * The palettes are Mantine's defaults, so the variables are worked out once: MantineProvider asks
 * on every render, and the contrast steps (up to ten darkenings per palette) were a measurable part
 * of the login screen's first render on a slow CPU (issue 27 item 3).
 */
let resolved: ReturnType<CSSVariablesResolver> | undefined;

export const cssVariablesResolver: CSSVariablesResolver = () => (resolved ??= resolveVariables());

function resolveVariables(): ReturnType<CSSVariablesResolver> {
  const light: Record<string, string> = { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' };
  for (const [name, palette] of Object.entries(DEFAULT_THEME.colors)) {
    const text = readableTextColor(palette);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-light-color`] = text;
    if (luminance(palette[8]) > WHITE_TEXT_LUMINANCE_LIMIT)
      light[`--mantine-color-${name}-filled-hover`] = `var(--mantine-color-${name}-7)`;
    else if (contrastRatio(palette[8], '#ffffff') < AA_TEXT_CONTRAST + WHITE_TEXT_MARGIN) {
      light[`--mantine-color-${name}-filled`] = `var(--mantine-color-${name}-9)`;
      light[`--mantine-color-${name}-filled-hover`] = darken(palette[9], 0.1);
    }
  }
  return { variables: {}, light, dark: {} };
}
