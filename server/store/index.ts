/**
 * Chooses the store for a server run. Only the embedded journal store exists today; a
 * PostgreSQL store for DATABASE_URL is future work, and until then the embedded store is used
 * and the log says so plainly (we never pretend to talk to PostgreSQL).
 */
import { openJournalStore, type JournalStore } from './journalStore';

export type { Store, StoreOp } from './types';
export { createMemoryStore } from './memoryStore';
export { openJournalStore, StoreCorruptError, type JournalStore } from './journalStore';

export interface OpenStoreOptions {
  dataDir: string;
  databaseUrl?: string;
  log?: (message: string) => void;
}

/** Opens the store the configuration asks for. */
export async function openStore(options: OpenStoreOptions): Promise<JournalStore> {
  const log = options.log ?? ((m: string) => console.log(m));
  if (options.databaseUrl) {
    log(
      'DATABASE_URL is set, but this server has no PostgreSQL store yet: ' +
        `using the embedded store in ${options.dataDir} instead.`,
    );
  }
  return openJournalStore({ dir: options.dataDir, onWarning: (m) => log(`store: ${m}`) });
}
