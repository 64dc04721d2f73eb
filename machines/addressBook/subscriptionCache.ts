/**
 * A bounded cache of subscribed address-book records (spec §7 "subscribe_department",
 * "subscribe_usr", §9 cache cap 500): each record keeps its `last_modify_dtm`, which the next
 * subscription sends so the server can answer 304 (use the cache). Least recently used entries
 * fall out past the cap.
 */
export const SUBSCRIPTION_CACHE_CAP = 500;

/** One element per parallel array: `{ usr_ids: number[] }` → `{ usr_ids: number }`. */
export type Unzipped<T> = { [K in keyof T as T[K] extends readonly unknown[] ? K : never]: T[K] extends readonly (infer E)[] ? E : never };

/**
 * Splits a parallel-array answer into one record per index.
 * @example unzip({ usr_ids: [1, 2], nick_names: ['a', 'b'] }) // [{ usr_ids: 1, nick_names: 'a' }, { usr_ids: 2, nick_names: 'b' }]
 */
export function unzip<T extends object>(parallel: T, idKey: keyof T): Unzipped<T>[] {
  const ids = parallel[idKey] as unknown;
  if (!Array.isArray(ids)) return [];
  const keys = Object.keys(parallel).filter((k) => Array.isArray((parallel as Record<string, unknown>)[k]));
  return ids.map((_, i) => {
    const rec: Record<string, unknown> = {};
    for (const k of keys) rec[k] = ((parallel as Record<string, unknown[]>)[k] ?? [])[i];
    return rec as Unzipped<T>;
  });
}

export class SubscriptionCache<T extends { last_modify_dtms?: number }> {
  private readonly entries = new Map<number, T>();
  /** moves on every change */
  version = 0;

  constructor(readonly cap = SUBSCRIPTION_CACHE_CAP) {}

  get size(): number {
    return this.entries.size;
  }

  get(id: number): T | undefined {
    return this.entries.get(id);
  }

  /** Marks ids as just used (a 304 answer) so they stay longest. */
  touch(ids: readonly number[]): void {
    for (const id of ids) {
      const v = this.entries.get(id);
      if (v === undefined) continue;
      this.entries.delete(id);
      this.entries.set(id, v);
    }
  }

  put(id: number, record: T): void {
    this.entries.delete(id);
    this.entries.set(id, record);
    while (this.entries.size > this.cap) this.entries.delete(this.entries.keys().next().value as number);
    this.version++;
  }

  /** The `last_modify_dtms` to send with a subscription of `ids` (0 when not cached). */
  lastModify(ids: readonly number[]): number[] {
    return ids.map((id) => this.entries.get(id)?.last_modify_dtms ?? 0);
  }

  /** true when every id is cached */
  hasAll(ids: readonly number[]): boolean {
    return ids.every((id) => this.entries.has(id));
  }

  toJSON(): { size: number } {
    return { size: this.entries.size };
  }
}
