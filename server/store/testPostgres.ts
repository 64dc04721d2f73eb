/**
 * Test support: a PostgreSQL server on a free loopback port, backed by PGlite (PostgreSQL compiled
 * to WebAssembly) and its wire-protocol socket, so the tests drive the real `pg` driver without a
 * PostgreSQL installation. The database lives in memory and is gone after `stop()`.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  url: string;
  /** the database itself, for checks and for setting up failures (triggers) */
  db: PGlite;
  /** stops accepting connections (the data stays); `resume()` listens again on the same port */
  suspend(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const db = await PGlite.create();
  let server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await server.start();
  const hostPort = server.getServerConn();
  const port = Number(hostPort.split(':').pop());
  let running = true;
  return {
    url: `postgres://postgres@${hostPort}/postgres`,
    db,
    async suspend() {
      if (!running) return;
      running = false;
      await server.stop();
    },
    async resume() {
      if (running) return;
      server = new PGLiteSocketServer({ db, host: '127.0.0.1', port, maxConnections: 8 });
      await server.start();
      running = true;
    },
    async stop() {
      if (running) await server.stop();
      running = false;
      await db.close();
    },
  };
}
