import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPERVISOR_OPTIONS, parseSupervisorOptions, SupervisorOptionsStore, SUPERVISOR_OPTIONS_KEY } from './supervisorOptions';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('supervisor options', () => {
  it('default to playAudio on and showTalk off (spec §3)', () => {
    expect(DEFAULT_SUPERVISOR_OPTIONS.playAudio).toBe(true);
    expect(DEFAULT_SUPERVISOR_OPTIONS.showTalk).toBe(false);
    expect(DEFAULT_SUPERVISOR_OPTIONS.showName).toBe(true);
    expect(DEFAULT_SUPERVISOR_OPTIONS.showContent).toBe(true);
  });

  it('read garbage and wrong types as defaults', () => {
    expect(parseSupervisorOptions('{not json')).toEqual(DEFAULT_SUPERVISOR_OPTIONS);
    expect(parseSupervisorOptions('{"showTalk":"yes","hideVideo":true}')).toEqual({ ...DEFAULT_SUPERVISOR_OPTIONS, hideVideo: true });
  });

  it('are kept across a reload', () => {
    const storage = memoryStorage();
    const first = new SupervisorOptionsStore(storage);
    first.set({ showTalk: true, playAudio: false });
    const second = new SupervisorOptionsStore(storage);
    expect(second.get()).toMatchObject({ showTalk: true, playAudio: false });
    expect(JSON.parse(storage.data.get(SUPERVISOR_OPTIONS_KEY)!)).toMatchObject({ showTalk: true });
  });

  it('work without storage', () => {
    const store = new SupervisorOptionsStore(null);
    store.set({ hideVideo: true });
    expect(store.get().hideVideo).toBe(true);
  });
});
