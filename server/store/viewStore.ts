/**
 * What every store shares: reads answered from an in-memory image of the collections, and the
 * three kinds of write funnelled into one `write` of ops, which each store makes durable its own
 * way (journal file, PostgreSQL transaction, nothing).
 */
import { Collections } from './collections';
import type { Store, StoreOp } from './types';

export abstract class ViewStore implements Store {
  /** what reads see: every write applied, in call order */
  protected view = new Collections();

  get<T>(collection: string, key: string): T | undefined {
    return this.view.get<T>(collection, key);
  }

  list<T>(collection: string): T[] {
    return this.view.list<T>(collection);
  }

  keys(collection: string): string[] {
    return this.view.keys(collection);
  }

  put<T>(collection: string, key: string, value: T): Promise<void> {
    return this.write([{ op: 'put', collection, key, value }]);
  }

  delete(collection: string, key: string): Promise<void> {
    return this.write([{ op: 'delete', collection, key }]);
  }

  batch(ops: StoreOp[]): Promise<void> {
    return this.write(ops);
  }

  /** applies `ops` to the view and resolves once they are as durable as this store makes them */
  protected abstract write(ops: StoreOp[]): Promise<void>;

  abstract close(): Promise<void>;
}
