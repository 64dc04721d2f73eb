/**
 * Time source of the engine and the simulator. Production uses the system clock; tests inject a
 * {@link ManualClock} so every timer fires exactly when the test advances time.
 */
export interface Clock {
  /** milliseconds since the Unix epoch */
  now(): number;
  setTimeout(fn: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

export type TimerHandle = { readonly id: number } | ReturnType<typeof setTimeout>;

/** The wall clock and Node timers (timers are unref'd so they never keep a process alive). */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

interface ManualTimer {
  id: number;
  at: number;
  fn: () => void;
}

/**
 * A clock that moves only when told. Timers due at the same instant fire in the order they were
 * set; timers set while advancing fire in the same `advance` call when they fall due.
 * @example const clock = new ManualClock(Date.UTC(2026, 0, 1)); clock.advance(1000);
 */
export class ManualClock implements Clock {
  private current: number;
  private nextId = 1;
  private timers: ManualTimer[] = [];

  constructor(startMs = Date.UTC(2026, 0, 5, 8, 0, 0)) {
    this.current = startMs;
  }

  now(): number {
    return this.current;
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer = { id: this.nextId++, at: this.current + Math.max(0, ms), fn };
    this.timers.push(timer);
    return { id: timer.id };
  }

  clearTimeout(handle: TimerHandle): void {
    const id = (handle as { id: number }).id;
    this.timers = this.timers.filter((t) => t.id !== id);
  }

  /** Moves time forward by `ms`, firing every timer that falls due on the way. */
  advance(ms: number): void {
    const target = this.current + ms;
    for (;;) {
      let next: ManualTimer | undefined;
      for (const t of this.timers) if (t.at <= target && (!next || t.at < next.at || (t.at === next.at && t.id < next.id))) next = t;
      if (!next) break;
      this.timers = this.timers.filter((t) => t !== next);
      this.current = Math.max(this.current, next.at);
      next.fn();
    }
    this.current = target;
  }

  /** number of timers waiting (tests use it to check that stopping leaves nothing behind) */
  pending(): number {
    return this.timers.length;
  }
}
