/**
 * A store that keeps everything in memory: for tests and for runs that need no persistence.
 * Same semantics as the journal store except that nothing survives the process.
 */
import { checkOp } from './collections';
import type { Store, StoreOp } from './types';
import { ViewStore } from './viewStore';

/** Creates an empty in-memory {@link Store}. */
export function createMemoryStore(): Store {
  return new MemoryStore();
}

class MemoryStore extends ViewStore {
  private closed = false;

  protected async write(ops: StoreOp[]): Promise<void> {
    if (this.closed) throw new Error('store is closed');
    for (const op of ops) checkOp(op);
    // Values are stored as JSON copies so the memory store behaves like the durable one:
    // a caller mutating an object after put() does not change what was stored.
    for (const op of ops) this.view.apply(op.op === 'put' ? { ...op, value: roundTrip(op.value) } : op);
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

function roundTrip(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
