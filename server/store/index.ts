/**
 * Chooses the store for a server run: PostgreSQL when DATABASE_URL is set (the database is the
 * durable copy, DATA_DIR is not used), otherwise the embedded journal store in DATA_DIR, which
 * needs no server at all (`npm start`, `npm test`).
 */
import { openJournalStore } from './journalStore';
import { openPostgresStore, redactDatabaseUrl } from './postgresStore';
import type { Store } from './types';

export type { Store, StoreOp } from './types';
export { createMemoryStore } from './memoryStore';
export { openJournalStore, StoreCorruptError, type JournalStore } from './journalStore';
export { openPostgresStore, type PostgresStore } from './postgresStore';

export interface OpenStoreOptions {
  dataDir: string;
  databaseUrl?: string;
  log?: (message: string) => void;
}

/** Opens the store the configuration asks for. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const log = options.log ?? ((m: string) => console.log(m));
  if (options.databaseUrl) {
    const store = await openPostgresStore({ connectionString: options.databaseUrl, log });
    log(`store: PostgreSQL at ${redactDatabaseUrl(options.databaseUrl)}, ${store.loadedRecords} records loaded`);
    return store;
  }
  return openJournalStore({ dir: options.dataDir, onWarning: (m) => log(`store: ${m}`) });
}
