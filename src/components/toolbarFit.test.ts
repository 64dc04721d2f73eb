import { describe, expect, it } from 'vitest';
import { itemsThatOverflow } from './toolbarFit';

const items = [
  { key: 'call', priority: 100, width: 100 },
  { key: 'sort', priority: 10, width: 100 },
  { key: 'mute', priority: 90, width: 100 },
  { key: 'leave', priority: 20, width: 40 },
];

describe('itemsThatOverflow', () => {
  it('leaves everything on a line wide enough, and on an unmeasured one', () => {
    expect(itemsThatOverflow(items, 400, 10, 60)).toEqual(new Set());
    expect(itemsThatOverflow(items, 0, 10, 60)).toEqual(new Set());
  });

  it('moves the least important out first, keeping room for More', () => {
    // 60 (More) + 110 + 110 = 280; the next (leave, 50) would make 330
    expect(itemsThatOverflow(items, 300, 10, 60)).toEqual(new Set(['sort', 'leave']));
    expect(itemsThatOverflow(items, 340, 10, 60)).toEqual(new Set(['sort']));
  });

  it('never keeps a less important item once a more important one went, even if it is small', () => {
    const withBig = [...items.slice(0, 3), { key: 'big', priority: 50, width: 150 }, { key: 'tiny', priority: 5, width: 20 }];
    // call and mute fit (280); big (160 more) does not, so tiny (30 more) goes too though it would fit
    expect(itemsThatOverflow(withBig, 320, 10, 60)).toEqual(new Set(['big', 'sort', 'tiny']));
  });
});
