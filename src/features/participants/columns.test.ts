import { describe, expect, it } from 'vitest';
import { columnScale, COLUMN_SPECS, gridTemplate, minTableWidth, SECONDARY_COLUMNS, visibleColumns } from './columns';

const ids = (available: number, choice = {}) => visibleColumns(available, choice).map((c) => c.id);

describe('visibleColumns', () => {
  it('room for everything → every column', () => {
    expect(ids(minTableWidth(COLUMN_SPECS))).toEqual(COLUMN_SPECS.map((c) => c.id));
  });

  it('width not known yet → nothing steps back', () => {
    expect(ids(0)).toHaveLength(COLUMN_SPECS.length);
  });

  it('1280 px window beside the sidebar (about 950 px) → protocol, address and shared content step back; quality and operations stay', () => {
    const shown = ids(950);
    expect(shown).not.toContain('protocol');
    expect(shown).not.toContain('address');
    expect(shown).not.toContain('share');
    expect(shown).toContain('quality');
    expect(shown).toContain('ops');
    expect(shown).toContain('audio');
    expect(minTableWidth(visibleColumns(950, {}))).toBeLessThanOrEqual(950);
  });

  it('secondary columns step back in order: protocol, address, share, index, quality', () => {
    const full = minTableWidth(COLUMN_SPECS);
    expect(ids(full - 1)).not.toContain('protocol');
    expect(ids(full - 1)).toContain('address');
    expect(ids(400)).toEqual(COLUMN_SPECS.filter((c) => c.stepBack === undefined).map((c) => c.id));
  });

  it('a column the host chose to show stays; one hidden stays hidden', () => {
    expect(ids(950, { protocol: true })).toContain('protocol');
    expect(ids(5000, { share: false })).not.toContain('share');
  });

  it('the column menu lists only the secondary columns', () => {
    expect(SECONDARY_COLUMNS).toEqual(['index', 'protocol', 'address', 'share', 'quality']);
  });
});

describe('columns in wide windows', () => {
  it('keep their figures up to 1440 px and widen with the text beyond', () => {
    expect(columnScale(1280)).toBe(1);
    expect(columnScale(1440)).toBe(1);
    expect(columnScale(1920)).toBeCloseTo(4 / 3);
  });

  it('widens every px figure of the template, fractions untouched', () => {
    const two = COLUMN_SPECS.filter((c) => c.id === 'select' || c.id === 'name');
    expect(gridTemplate(two)).toBe('28px minmax(100px,1.5fr)');
    expect(gridTemplate(two, 1.5)).toBe('42px minmax(150px,1.5fr)');
  });
});
