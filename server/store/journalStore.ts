/**
 * The embedded durable store: an append-only JSON-lines journal plus a periodic snapshot, all
 * under one directory. No external server.
 *
 * Files in the directory:
 * - `journal-<gen>.jsonl`: one line per write (a put, a delete or a whole batch), so a batch is
 *   applied entirely or not at all;
 * - `snapshot.json`: the state before journal `gen`, as JSON lines: a header `{ format: 2, gen,
 *   records }`, then one `[collection, key, value]` per record. It is written and read a record
 *   at a time, so no string ever holds the whole state (V8 caps a string at about 512 MiB, and a
 *   state past that once made every compaction fail, issue 24 point 1). A format 1 snapshot (one
 *   JSON object `{ format, gen, collections }`) written by an earlier version is still read;
 * - `LOCK`: the pid of the process using the directory.
 *
 * Writes are applied in memory at once (readers see them immediately) and their promise resolves
 * after the line is written and fsynced. Concurrent writes share one write + fsync (group commit).
 * Compaction starts a new journal generation, writes the snapshot atomically (tmp + rename) and
 * deletes the older journals; replaying a journal over a snapshot that already contains it is
 * harmless because every change is a last-writer-wins put or delete, so a crash at any point of
 * compaction loses nothing that was acknowledged.
 *
 * Over 400 lines on purpose: the journal, the group commit, the snapshot and the compaction share
 * one directory, one lock and one write order, and the crash safety above is an argument about
 * their interleaving; kept in one class it can be read in one place.
 */
import { mkdir, open, readdir, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import { join } from 'node:path';
import { checkOp, Collections, type CollectionsSnapshot } from './collections';
import type { Store, StoreOp } from './types';
import { ViewStore } from './viewStore';

export interface JournalStoreOptions {
  dir: string;
  /** compact once the journal holds this many lines (default 10 000) */
  compactAfterLines?: number;
  /** compact once the journal holds this many bytes (default 16 MiB) */
  compactAfterBytes?: number;
  /** also compact a non-empty journal this often, ms (default 5 min; 0 disables the timer) */
  compactIntervalMs?: number;
  /** told about recoverable oddities found on load (a torn last line) */
  onWarning?: (message: string) => void;
}

/** What load found, for logs and tests. */
export interface JournalLoadReport {
  snapshotGen: number | null;
  journalsReplayed: number;
  linesReplayed: number;
  /** bytes cut off the end of a journal because the last line was torn */
  tornBytesDropped: number;
}

export interface JournalStore extends Store {
  /** compacts now (waits for writes queued before the call) */
  compact(): Promise<void>;
  readonly loadReport: JournalLoadReport;
  /** lines in the current journal generation */
  readonly journalLines: number;
  /** write + fsync rounds so far (one round carries every write queued while the last ran) */
  readonly fsyncRounds: number;
}

const SNAPSHOT = 'snapshot.json';
const SNAPSHOT_FORMAT = 2;
/** bytes of snapshot lines gathered before one write (and read at a time) */
const SNAPSHOT_CHUNK_BYTES = 1024 * 1024;
const JOURNAL_RE = /^journal-(\d+)\.jsonl$/;

/** Serialized line format: an array of `['p', collection, key, value]` / `['d', collection, key]`. */
type LineOp = ['p', string, string, unknown] | ['d', string, string];

export class StoreCorruptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreCorruptError';
  }
}

/**
 * Opens (creating when needed) the journal store in `options.dir`, replaying the snapshot and
 * journals. Throws {@link StoreCorruptError} when a journal is damaged anywhere but at its end.
 */
export async function openJournalStore(options: JournalStoreOptions): Promise<JournalStore> {
  const store = new JournalStoreImpl(options);
  await store.open();
  return store;
}

interface PendingWrite {
  line: string;
  resolve: () => void;
  reject: (e: unknown) => void;
}

class JournalStoreImpl extends ViewStore implements JournalStore {
  private readonly dir: string;
  private readonly compactAfterLines: number;
  private readonly compactAfterBytes: number;
  private readonly compactIntervalMs: number;
  private readonly warn: (message: string) => void;
  private fh: FileHandle | null = null;
  private gen = 0;
  private lines = 0;
  private bytes = 0;
  private pending: PendingWrite[] = [];
  private flushScheduled = false;
  private tail: Promise<unknown> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private broken: unknown = null;
  private closed = false;
  loadReport: JournalLoadReport = { snapshotGen: null, journalsReplayed: 0, linesReplayed: 0, tornBytesDropped: 0 };

  constructor(options: JournalStoreOptions) {
    super();
    this.dir = options.dir;
    this.compactAfterLines = options.compactAfterLines ?? 10_000;
    this.compactAfterBytes = options.compactAfterBytes ?? 16 * 1024 * 1024;
    this.compactIntervalMs = options.compactIntervalMs ?? 5 * 60_000;
    this.warn = options.onWarning ?? (() => {});
  }

  fsyncRounds = 0;

  get journalLines(): number {
    return this.lines;
  }

  async open(): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await this.takeLock();
    try {
      const snapshotGen = await this.readSnapshot();
      this.loadReport.snapshotGen = snapshotGen;
      this.gen = snapshotGen ?? 0;
      const gens = await this.journalGens();
      for (const g of gens) {
        if (g < this.gen) {
          // left over by a compaction that crashed after writing the snapshot
          await rm(this.journalPath(g), { force: true });
          continue;
        }
        this.lines = await this.replay(g);
        this.loadReport.journalsReplayed++;
        this.gen = g;
      }
      // The current generation's journal holds what was replayed from it; count it so the size
      // thresholds keep working across restarts.
      this.fh = await open(this.journalPath(this.gen), 'a');
      const st = await this.fh.stat();
      this.bytes = st.size;
      await syncDir(this.dir);
    } catch (e) {
      await this.releaseLock();
      throw e;
    }
    if (this.compactIntervalMs > 0) {
      this.timer = setInterval(() => {
        if (this.lines > 0 && !this.closed && !this.broken) void this.compact().catch(() => {});
      }, this.compactIntervalMs);
      this.timer.unref();
    }
  }

  protected write(ops: StoreOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new Error('store is closed'));
    if (this.broken) return Promise.reject(new Error(`store is unusable after a failed write: ${String(this.broken)}`));
    if (ops.length === 0) return Promise.resolve();
    const lineOps: LineOp[] = [];
    const applied: StoreOp[] = [];
    try {
      for (const op of ops) {
        checkOp(op);
        if (op.op === 'put') {
          const json = JSON.stringify(op.value);
          if (json === undefined) throw new TypeError('store value is not JSON-serialisable');
          // keep a copy equal to what is on disk, so later mutation by the caller changes nothing
          const copy: unknown = JSON.parse(json);
          lineOps.push(['p', op.collection, op.key, copy]);
          applied.push({ op: 'put', collection: op.collection, key: op.key, value: copy });
        } else {
          lineOps.push(['d', op.collection, op.key]);
          applied.push(op);
        }
      }
    } catch (e) {
      return Promise.reject(e);
    }
    const line = JSON.stringify(lineOps);
    for (const op of applied) this.view.apply(op);
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ line, resolve, reject });
      this.scheduleFlush();
    });
  }

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    void this.enqueue(async () => {
      this.flushScheduled = false;
      await this.flushPending();
    });
  }

  /** Runs tasks one at a time: flushes and compactions never overlap. */
  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.tail.then(task);
    this.tail = run.catch(() => {});
    return run;
  }

  private async flushPending(): Promise<void> {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    if (this.broken || !this.fh) {
      const err = new Error(`store is unusable: ${String(this.broken ?? 'closed')}`);
      for (const w of batch) w.reject(err);
      return;
    }
    const buf = Buffer.from(batch.map((w) => w.line + '\n').join(''), 'utf8');
    try {
      await writeFully(this.fh, buf);
      await this.fh.datasync();
      this.fsyncRounds++;
    } catch (e) {
      // A partial line may now sit at the end of the journal; appending after it would bury
      // it mid-file, so refuse further writes (the torn tail is dropped on the next load).
      this.broken = e;
      this.warn(`journal write failed, refusing further writes until restart: ${String(e)}`);
      for (const w of batch) w.reject(e);
      return;
    }
    this.lines += batch.length;
    this.bytes += buf.length;
    for (const w of batch) w.resolve();
    if (this.lines >= this.compactAfterLines || this.bytes >= this.compactAfterBytes) {
      void this.enqueue(() => this.compactNow()).catch((e) => this.warn(`compaction failed: ${String(e)}`));
    }
  }

  // ---- compaction -------------------------------------------------------------------------

  compact(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('store is closed'));
    this.scheduleFlush();
    return this.enqueue(() => this.compactNow());
  }

  private async compactNow(): Promise<void> {
    if (this.broken || !this.fh) return;
    if (this.lines === 0 && this.bytes === 0) return;
    const nextGen = this.gen + 1;
    const next = await open(this.journalPath(nextGen), 'a');
    await syncDir(this.dir);
    const old = this.fh;
    this.fh = next;
    const oldGen = this.gen;
    this.gen = nextGen;
    this.lines = 0;
    this.bytes = 0;
    await old.close();
    // The state may include writes still queued for the new journal: replaying them over the
    // snapshot is idempotent. A copy of the maps (values are shared, never mutated) is written a
    // record per line while writes go on.
    const state = this.view.clone();
    const tmp = join(this.dir, `${SNAPSHOT}.tmp`);
    const fh = await open(tmp, 'w');
    try {
      await writeSnapshot(fh, nextGen, state);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, join(this.dir, SNAPSHOT));
    await syncDir(this.dir);
    for (const g of await this.journalGens()) {
      if (g <= oldGen) await rm(this.journalPath(g), { force: true });
    }
    await syncDir(this.dir);
  }

  // ---- close ------------------------------------------------------------------------------

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.scheduleFlush();
    // a compaction leaves the next start with a snapshot to load instead of a long journal
    void this.enqueue(() => this.compactNow()).catch((e) => this.warn(`compaction failed: ${String(e)}`));
    this.closed = true;
    // tasks may enqueue further tasks (a flush triggers a compaction): wait until none is left
    let seen: Promise<unknown>;
    do {
      seen = this.tail;
      await seen;
    } while (seen !== this.tail);
    const fh = this.fh;
    this.fh = null;
    if (fh) await fh.close();
    await this.releaseLock();
  }

  // ---- load helpers -----------------------------------------------------------------------

  private journalPath(gen: number): string {
    return join(this.dir, `journal-${gen}.jsonl`);
  }

  private async journalGens(): Promise<number[]> {
    const names = await readdir(this.dir);
    return names
      .map((n) => JOURNAL_RE.exec(n))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
  }

  private async readSnapshot(): Promise<number | null> {
    const path = join(this.dir, SNAPSHOT);
    let fh: FileHandle;
    try {
      fh = await open(path, 'r');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
    // written via tmp + rename, so a damaged snapshot is real corruption, never a torn write
    const corrupt = (why: string) => new StoreCorruptError(`${path} ${why}`);
    try {
      type Header = { format?: unknown; gen?: unknown; records?: unknown; collections?: unknown };
      let header: Header | undefined;
      let records = 0;
      const state = new Collections();
      for await (const line of linesOf(fh)) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(line);
        } catch {
          throw corrupt('is not valid JSON');
        }
        if (!header) {
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw corrupt('has an unknown layout');
          const h = parsed as Header;
          header = h;
          if (h.format === 1) {
            // an earlier version's snapshot: the whole state in one object
            if (typeof h.collections !== 'object' || h.collections === null) throw corrupt('has an unknown layout');
            state.load(h.collections as CollectionsSnapshot);
          } else if (h.format !== SNAPSHOT_FORMAT || typeof h.records !== 'number') throw corrupt('has an unknown layout');
          if (typeof h.gen !== 'number' || !Number.isInteger(h.gen)) throw corrupt('has an unknown layout');
          continue;
        }
        if (
          header.format === 1 ||
          !Array.isArray(parsed) ||
          parsed.length !== 3 ||
          typeof parsed[0] !== 'string' ||
          typeof parsed[1] !== 'string'
        ) {
          throw corrupt('has an unknown layout');
        }
        state.apply({ op: 'put', collection: parsed[0], key: parsed[1], value: parsed[2] });
        records++;
      }
      if (!header) throw corrupt('is not valid JSON');
      if (header.format === SNAPSHOT_FORMAT && records !== header.records)
        throw corrupt(`holds ${records} records, its header says ${String(header.records)}`);
      this.view = state;
      return header.gen as number;
    } finally {
      await fh.close();
    }
  }

  /** Applies one journal; returns the number of lines it held. */
  private async replay(gen: number): Promise<number> {
    const path = this.journalPath(gen);
    let count = 0;
    const buf = await readFile(path);
    const text = buf.toString('utf8');
    const lines = text.split('\n');
    let offset = 0;
    for (let i = 0; i < lines.length; i++) {
      const raw = lines[i];
      const terminated = i < lines.length - 1;
      const ops = terminated && raw.length > 0 ? parseLine(raw) : null;
      if (ops) {
        for (const op of ops) this.view.apply(op);
        this.loadReport.linesReplayed++;
        count++;
        offset += Buffer.byteLength(raw, 'utf8') + 1;
        continue;
      }
      if (terminated && raw.length === 0) {
        offset += 1;
        continue;
      }
      // Not a complete valid line: acceptable only as the torn end of the file.
      const rest = lines.slice(i + 1);
      if (rest.some((l) => l.length > 0 && parseLine(l) !== null)) {
        throw new StoreCorruptError(`${path}: line ${i + 1} is damaged and valid lines follow it`);
      }
      const dropped = buf.length - offset;
      if (dropped > 0) {
        this.loadReport.tornBytesDropped += dropped;
        this.warn(`${path}: dropped a torn last write (${dropped} bytes)`);
        const fh = await open(path, fsConstants.O_RDWR);
        try {
          await fh.truncate(offset);
          await fh.sync();
        } finally {
          await fh.close();
        }
      }
      return count;
    }
    return count;
  }

  // ---- lock -------------------------------------------------------------------------------

  private async takeLock(): Promise<void> {
    const lockPath = join(this.dir, 'LOCK');
    try {
      const owner = Number((await readFile(lockPath, 'utf8')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isAlive(owner)) {
        throw new Error(`data directory ${this.dir} is in use by process ${owner}`);
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    await writeFile(lockPath, `${process.pid}\n`);
  }

  private async releaseLock(): Promise<void> {
    await rm(join(this.dir, 'LOCK'), { force: true });
  }
}

function parseLine(raw: string): StoreOp[] | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const ops: StoreOp[] = [];
  for (const item of parsed) {
    if (!Array.isArray(item) || typeof item[1] !== 'string' || typeof item[2] !== 'string') return null;
    if (item[0] === 'p' && item.length === 4) ops.push({ op: 'put', collection: item[1], key: item[2], value: item[3] });
    else if (item[0] === 'd' && item.length === 3) ops.push({ op: 'delete', collection: item[1], key: item[2] });
    else return null;
  }
  return ops;
}

/** Writes `state` as a format 2 snapshot: a header line, then a record per line, in chunks. */
async function writeSnapshot(fh: FileHandle, gen: number, state: Collections): Promise<void> {
  let records = 0;
  for (const name of state.names()) records += state.keys(name).length;
  let lines: string[] = [JSON.stringify({ format: SNAPSHOT_FORMAT, gen, records })];
  let size = lines[0].length;
  for (const name of state.names()) {
    for (const [key, value] of state.entries(name)) {
      const line = JSON.stringify([name, key, value]);
      lines.push(line);
      size += line.length;
      if (size >= SNAPSHOT_CHUNK_BYTES) {
        await writeFully(fh, Buffer.from(lines.join('\n') + '\n', 'utf8'));
        lines = [];
        size = 0;
      }
    }
  }
  if (lines.length) await writeFully(fh, Buffer.from(lines.join('\n') + '\n', 'utf8'));
}

/** The lines of a file (without their `\n`), read a chunk at a time; a last line without `\n` too. */
async function* linesOf(fh: FileHandle): AsyncGenerator<string> {
  const chunk = Buffer.alloc(SNAPSHOT_CHUNK_BYTES);
  let carry: Buffer[] = [];
  for (;;) {
    const { bytesRead } = await fh.read(chunk, 0, chunk.length, null);
    if (bytesRead === 0) break;
    const data = chunk.subarray(0, bytesRead);
    let start = 0;
    for (let nl = data.indexOf(10, start); nl >= 0; nl = data.indexOf(10, start)) {
      const piece = data.subarray(start, nl);
      const line = carry.length ? Buffer.concat([...carry, piece]) : piece;
      carry = [];
      if (line.length) yield line.toString('utf8');
      start = nl + 1;
    }
    if (start < data.length) carry.push(Buffer.from(data.subarray(start)));
  }
  if (carry.length) {
    const line = Buffer.concat(carry);
    if (line.length) yield line.toString('utf8');
  }
}

async function writeFully(fh: FileHandle, buf: Buffer): Promise<void> {
  let written = 0;
  while (written < buf.length) {
    const { bytesWritten } = await fh.write(buf, written, buf.length - written);
    written += bytesWritten;
  }
}

/** fsync of the directory makes a created, renamed or deleted file name durable. */
async function syncDir(dir: string): Promise<void> {
  let fh: FileHandle | undefined;
  try {
    fh = await open(dir, 'r');
    await fh.sync();
  } catch (e) {
    // some platforms (Windows) cannot fsync a directory; the data files themselves are synced
    if ((e as NodeJS.ErrnoException).code !== 'EISDIR' && (e as NodeJS.ErrnoException).code !== 'EPERM') throw e;
  } finally {
    await fh?.close();
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
