/**
 * A sliding-window rate limit per key (issue 17, item 8): at most `max` events in any `windowMs`.
 * Only accepted events are remembered, so a flooder refused for a while does not keep its own
 * window full, and someone sharing its address gets a slot back as soon as the oldest accepted
 * event leaves the window (a fixed one-minute window starved them for up to 59 s).
 * Memory: at most `max` times per key and `maxKeys` keys (least recently used dropped).
 */
export class SlidingWindowLimit {
  private readonly events = new Map<string, number[]>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 20_000,
  ) {}

  /** Takes a slot for `key`; false (nothing recorded) when the window is full. */
  take(key: string): boolean {
    const t = this.now();
    const times = this.events.get(key) ?? [];
    let drop = 0;
    while (drop < times.length && times[drop] <= t - this.windowMs) drop++;
    if (drop > 0) times.splice(0, drop);
    this.events.delete(key);
    if (times.length >= this.max) {
      this.events.set(key, times);
      return false;
    }
    times.push(t);
    this.events.set(key, times);
    while (this.events.size > this.maxKeys) this.events.delete(this.events.keys().next().value as string);
    return true;
  }

  /** Seconds until `key` gets a slot again (0 when it has one). */
  retryAfterSec(key: string): number {
    const times = this.events.get(key);
    if (!times || times.length < this.max) return 0;
    return Math.max(1, Math.ceil((times[times.length - this.max] + this.windowMs - this.now()) / 1000));
  }
}
