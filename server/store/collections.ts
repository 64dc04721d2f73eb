/**
 * The in-memory image of the store: named collections of records, shared by the journal store
 * (which makes it durable) and the memory store (which does not).
 */
import type { StoreOp } from './types';

export type CollectionsSnapshot = Record<string, Record<string, unknown>>;

export class Collections {
  private readonly data = new Map<string, Map<string, unknown>>();

  get<T>(collection: string, key: string): T | undefined {
    return this.data.get(collection)?.get(key) as T | undefined;
  }

  list<T>(collection: string): T[] {
    const c = this.data.get(collection);
    return c ? ([...c.values()] as T[]) : [];
  }

  keys(collection: string): string[] {
    const c = this.data.get(collection);
    return c ? [...c.keys()] : [];
  }

  /** the names of the collections that hold records */
  names(): string[] {
    return [...this.data.keys()];
  }

  /** the records of one collection, as `[key, value]` */
  entries(collection: string): IterableIterator<[string, unknown]> {
    return (this.data.get(collection) ?? new Map<string, unknown>()).entries();
  }

  /**
   * Applies one change. Replaying a change that is already applied leaves the state unchanged
   * (last writer wins per key), which is what makes a crash during compaction harmless.
   */
  apply(op: StoreOp): void {
    if (op.op === 'put') {
      let c = this.data.get(op.collection);
      if (!c) {
        c = new Map();
        this.data.set(op.collection, c);
      }
      c.set(op.key, op.value);
    } else {
      const c = this.data.get(op.collection);
      if (!c) return;
      c.delete(op.key);
      if (c.size === 0) this.data.delete(op.collection);
    }
  }

  toJSON(): CollectionsSnapshot {
    const out: CollectionsSnapshot = {};
    for (const [name, c] of this.data) out[name] = Object.fromEntries(c);
    return out;
  }

  /** A copy that shares the (never mutated) values but not the maps, so the two change apart. */
  clone(): Collections {
    const copy = new Collections();
    for (const [name, c] of this.data) copy.data.set(name, new Map(c));
    return copy;
  }

  load(snapshot: CollectionsSnapshot): void {
    this.data.clear();
    for (const [name, records] of Object.entries(snapshot)) {
      this.data.set(name, new Map(Object.entries(records)));
    }
  }
}

/** Throws a TypeError when an operation is malformed, so a bad write never reaches the disk. */
export function checkOp(op: StoreOp): void {
  if (op === null || typeof op !== 'object') throw new TypeError('store op must be an object');
  if (op.op !== 'put' && op.op !== 'delete') throw new TypeError(`unknown store op ${String((op as StoreOp).op)}`);
  if (typeof op.collection !== 'string' || op.collection.length === 0) {
    throw new TypeError('store collection must be a non-empty string');
  }
  if (typeof op.key !== 'string') throw new TypeError('store key must be a string');
  if (op.op === 'put' && op.value === undefined) throw new TypeError('store value must not be undefined');
}
