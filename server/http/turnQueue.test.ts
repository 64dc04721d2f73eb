import { afterEach, describe, expect, it, vi } from 'vitest';
import { oneJobPerTurn, jsonChunksInTurns, type NextTurn } from './turnQueue';

afterEach(() => {
  vi.useRealTimers();
});

describe('oneJobPerTurn', () => {
  it('lets one waiter through per event-loop turn, in the order they asked', async () => {
    vi.useFakeTimers({ toFake: ['setImmediate'] });
    const nextTurn = oneJobPerTurn();
    const through: string[] = [];
    for (const name of ['a', 'b', 'c']) void nextTurn().then(() => through.push(name));
    await vi.advanceTimersToNextTimerAsync();
    expect(through).toEqual(['a']);
    await vi.advanceTimersToNextTimerAsync();
    expect(through).toEqual(['a', 'b']);
    await vi.advanceTimersToNextTimerAsync();
    expect(through).toEqual(['a', 'b', 'c']);
    // idle again: a new waiter gets the next turn
    void nextTurn().then(() => through.push('d'));
    await vi.advanceTimersToNextTimerAsync();
    expect(through).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('jsonChunksInTurns', () => {
  const snapshot = (n: number) => ({
    cmdid: 'online_eps_info',
    mr_id: '8008038',
    usr_ids: Array.from({ length: n }, (_, i) => String(1000 + i)),
    usr_names: Array.from({ length: n }, (_, i) => (i % 2 ? `参会者 ${i}` : `Guest "${i}"\n`)),
    is_online: Array.from({ length: n }, () => 1),
    empty: [],
    depid_names: { 7: '研发部' },
    skipped: undefined,
    seq: 42,
  });
  const countingTurns = () => {
    const turn = { count: 0, next: (() => Promise.resolve().then(() => void turn.count++)) as NextTurn };
    return turn;
  };

  it.each([0, 1, 9, 10, 11, 25, 1000])('writes the same text as JSON.stringify (%i entries per array)', async (n) => {
    const turns = countingTurns();
    expect(Buffer.concat(await jsonChunksInTurns(snapshot(n), turns.next, 10)).toString('utf8')).toBe(JSON.stringify(snapshot(n)));
  });

  it('yields a turn each time the budget of elements is spent', async () => {
    const turns = countingTurns();
    // three arrays of 25 = 75 elements at 10 a turn: 7 yields (one before each new slice of 10)
    await jsonChunksInTurns(snapshot(25), turns.next, 10);
    expect(turns.count).toBe(7);
    const small = countingTurns();
    await jsonChunksInTurns(snapshot(3), small.next, 10);
    expect(small.count).toBe(0);
  });
});
