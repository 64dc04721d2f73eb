/**
 * A store that keeps everything in memory: for tests and for runs that need no persistence.
 * Same semantics as the journal store except that nothing survives the process.
 */
import { Collections, checkOp } from './collections';
import type { Store, StoreOp } from './types';

/** Creates an empty in-memory {@link Store}. */
export function createMemoryStore(): Store {
  const data = new Collections();
  let closed = false;

  const write = async (ops: StoreOp[]): Promise<void> => {
    if (closed) throw new Error('store is closed');
    for (const op of ops) checkOp(op);
    // Values are stored as JSON copies so the memory store behaves like the durable one:
    // a caller mutating an object after put() does not change what was stored.
    for (const op of ops) data.apply(op.op === 'put' ? { ...op, value: roundTrip(op.value) } : op);
  };

  return {
    get: (c, k) => data.get(c, k),
    list: (c) => data.list(c),
    keys: (c) => data.keys(c),
    put: (collection, key, value) => write([{ op: 'put', collection, key, value }]),
    delete: (collection, key) => write([{ op: 'delete', collection, key }]),
    batch: (ops) => write(ops),
    close: async () => {
      closed = true;
    },
  };
}

function roundTrip(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value));
}
