import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, luminance } from '@mantine/core';
import { AA_TEXT_CONTRAST, contrastRatio, cssVariablesResolver, readableTextColor, theme, WHITE_TEXT_LUMINANCE_LIMIT } from './theme';

describe('theme contrast (WCAG AA)', () => {
  it('every palette has a text colour of at least 4.5:1 on white and on its light tints', () => {
    for (const [name, palette] of Object.entries(DEFAULT_THEME.colors)) {
      const text = readableTextColor(palette);
      expect(contrastRatio(text, '#ffffff'), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
      expect(contrastRatio(text, palette[2]), name).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });

  it('the resolver gives coloured and light-variant text those colours, and dimmed text gray 7', () => {
    const { light } = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never);
    expect(light['--mantine-color-green-text']).toBe(readableTextColor(DEFAULT_THEME.colors.green));
    expect(light['--mantine-color-orange-light-color']).toBe(readableTextColor(DEFAULT_THEME.colors.orange));
    expect(light['--mantine-color-dimmed']).toBe('var(--mantine-color-gray-7)');
  });

  it('filled colours use shade 8, which carries white text at 4.5:1 for blue and red', () => {
    expect(theme.primaryShade).toBe(8);
    expect(contrastRatio(DEFAULT_THEME.colors.blue[8], '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    expect(contrastRatio(DEFAULT_THEME.colors.red[8], '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });

  it('a filled colour carries its automatic text at 4.5:1, at rest and under the pointer', () => {
    const { light } = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never);
    expect(theme.luminanceThreshold).toBe(WHITE_TEXT_LUMINANCE_LIMIT);
    for (const [name, palette] of Object.entries(DEFAULT_THEME.colors)) {
      // Mantine's autoContrast: black text above the threshold, white below
      const text = luminance(palette[8]) > WHITE_TEXT_LUMINANCE_LIMIT ? '#000000' : '#ffffff';
      const shadeOf = (variable: string | undefined, fallback: string) => {
        if (variable?.startsWith('#')) return variable;
        return palette[Number(/-(\d)\)$/.exec(variable ?? '')?.[1] ?? fallback)];
      };
      const filled = shadeOf(light[`--mantine-color-${name}-filled`], '8');
      const hover = shadeOf(light[`--mantine-color-${name}-filled-hover`], '9');
      // a margin over 4.5:1, so the edge of a dialog fading in does not dip below it
      expect(contrastRatio(text, filled), `${name} at rest`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST + 0.2);
      expect(contrastRatio(text, hover), `${name} under the pointer`).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
    }
  });
});
