import { describe, expect, it } from 'vitest';
import {
  alignFromPosition,
  bgAlphaOf,
  defaultTitle,
  hexToInt,
  intToHex,
  placement,
  positionOf,
  titleFor,
  transparencyOf,
} from './subtitleModel';

describe('subtitle defaults', () => {
  it('match spec §3', () => {
    expect(defaultTitle('guest')).toMatchObject({
      font_size: 36,
      bg_color: 0,
      y_pos: 80,
      font_color: 16777215,
      speed: 20,
      font_name: 'san',
      has_title: 0,
      bg_alpha: 0,
      h_align: 1,
      v_align: 2,
      h_margin: 10,
      v_margin: 10,
      to_role: 'guest',
    });
  });

  it('fill what the server leaves out', () => {
    const t = titleFor('chair', [
      { to_role: 'chair', message: 'hi', font_size: 50 },
      { to_role: 'guest', message: 'x' },
    ]);
    expect(t.message).toBe('hi');
    expect(t.font_size).toBe(50);
    expect(t.v_margin).toBe(10);
    expect(titleFor('speaker', undefined).message).toBe('');
  });
});

describe('colours', () => {
  it('round-trip white, red and black', () => {
    expect(intToHex(16777215)).toBe('#ffffff');
    expect(intToHex(16711680)).toBe('#ff0000');
    expect(intToHex(0)).toBe('#000000');
    expect(hexToInt('#ff0000')).toBe(16711680);
    expect(hexToInt('#fff')).toBe(16777215);
  });

  it('reject what is not a colour', () => {
    expect(hexToInt('red')).toBeUndefined();
    expect(intToHex(-5)).toBe('#000000');
  });
});

describe('position', () => {
  it('maps alignment to the meeting-wide position and back', () => {
    const p = positionOf({ ...defaultTitle('all'), h_align: 0, v_align: 0, h_margin: 5, v_margin: 7 });
    expect(p).toEqual({ horizontal_position: 'left', vertical_position: 'top', horizontal_margin: 5, vertical_margin: 7 });
    expect(alignFromPosition(p)).toEqual({ h_align: 0, v_align: 0, h_margin: 5, v_margin: 7 });
  });

  it('places the default title centred at the bottom, a tenth of the height up', () => {
    const place = placement(defaultTitle('all'));
    expect(place.textAlign).toBe('center');
    expect(place.left).toBe(960);
    expect(place.bottom).toBe(108);
  });

  it('places a right-aligned title from the right edge', () => {
    const place = placement({ ...defaultTitle('all'), h_align: 2, h_margin: 5 });
    expect(place.right).toBe(96);
  });
});

describe('transparency', () => {
  it('is the complement of the wire opacity', () => {
    expect(transparencyOf(0)).toBe(100);
    expect(transparencyOf(80)).toBe(20);
    expect(bgAlphaOf(20)).toBe(80);
    expect(bgAlphaOf(150)).toBe(0);
  });
});
