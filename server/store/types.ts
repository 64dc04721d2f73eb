/**
 * The embedded store: named collections of JSON records, kept durable on disk under DATA_DIR.
 * `put`/`delete` resolve only once the change is on disk, so a command acknowledged after
 * awaiting them survives a crash or restart.
 */
export interface Store {
  get<T>(collection: string, key: string): T | undefined;
  /** all records of a collection, in key insertion order */
  list<T>(collection: string): T[];
  keys(collection: string): string[];
  put<T>(collection: string, key: string, value: T): Promise<void>;
  delete(collection: string, key: string): Promise<void>;
  /** several writes applied and made durable together */
  batch(ops: StoreOp[]): Promise<void>;
  close(): Promise<void>;
}

export type StoreOp = { op: 'put'; collection: string; key: string; value: unknown } | { op: 'delete'; collection: string; key: string };
