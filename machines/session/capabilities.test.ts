import { describe, expect, it } from 'vitest';
import { selectVocabulary, vocabularyOf } from './capabilities';

describe('vocabulary', () => {
  it('a server whose snapshot carries seq is podium, once the first load is in', () => {
    expect(vocabularyOf('cursor', true)).toBe('podium');
    expect(vocabularyOf('server', true)).toBe('platform');
  });
  it('before the first load it is platform: the recipes work on both', () => {
    expect(vocabularyOf('cursor', false)).toBe('platform');
    expect(selectVocabulary({ context: { feed: 'cursor', syncs: 0 } })).toBe('platform');
    expect(selectVocabulary({ context: { feed: 'cursor', syncs: 1 } })).toBe('podium');
  });
});
