/**
 * Where the browser keeps meeting reports (issue 29): IndexedDB, so the report opens in a tab of
 * its own and after the meeting ended and its session is gone.
 *
 * Not localStorage (where they were first kept): a report of 10,000 people over 4 hours is 4.7 MiB
 * of JSON, nearly the whole of an origin's localStorage quota, so one report crowded out the
 * console's own settings and sessions and a second meeting's did not fit; writing and reading it
 * blocked the page (a synchronous 4.7 MiB string each way), and it stayed behind forever. Not
 * sessionStorage either: the report opens in a new tab with noopener, which Chromium starts with
 * an empty sessionStorage, and a teacher must be able to open it again later. IndexedDB keeps
 * structured records without a JSON string, its quota is a share of the disk, and its reads do not
 * hold the page.
 *
 * Privacy: the reports hold the names of everyone who attended, so at most REPORTS_KEPT meetings
 * are kept (the newest), none older than REPORT_KEEP_DAYS, and the old localStorage copies are
 * removed on the first use.
 */
import type { ReportSnapshot } from './reportModel';
import { REPORT_FORMAT } from './reportModel';

export const REPORT_DB = 'podium-reports';
export const REPORT_DB_VERSION = 1;
export const REPORT_STORE = 'reports';
/** meetings whose report is kept in the browser at once */
export const REPORTS_KEPT = 3;
/** days a report is kept in the browser after it was taken */
export const REPORT_KEEP_DAYS = 30;
const LEGACY_PREFIX = 'podium.report.';

let opening: Promise<IDBDatabase | null> | null = null;

/** The reports' database, opened once a page (null where the browser offers no IndexedDB). */
export function openReportDb(): Promise<IDBDatabase | null> {
  opening ??= new Promise((resolve) => {
    dropLegacyCopies();
    let req: IDBOpenDBRequest;
    try {
      if (typeof indexedDB === 'undefined') return resolve(null);
      req = indexedDB.open(REPORT_DB, REPORT_DB_VERSION);
    } catch {
      return resolve(null);
    }
    req.onupgradeneeded = () => {
      const store = req.result.createObjectStore(REPORT_STORE, { keyPath: 'mr_id' });
      store.createIndex('taken_at', 'taken_at');
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => resolve(null);
    req.onblocked = () => resolve(null);
  });
  return opening;
}

const done = (tx: IDBTransaction) =>
  new Promise<boolean>((resolve) => {
    tx.oncomplete = () => resolve(true);
    tx.onerror = () => resolve(false);
    tx.onabort = () => resolve(false);
  });

/**
 * Keeps the snapshot (the newest of its meeting) and lets the oldest and the expired go; false when
 * the browser refused (quota, private mode, no IndexedDB).
 */
export async function saveReportSnapshot(s: ReportSnapshot, nowSecs = Math.floor(Date.now() / 1000)): Promise<boolean> {
  const db = await openReportDb();
  if (!db) return false;
  try {
    const tx = db.transaction(REPORT_STORE, 'readwrite');
    const store = tx.objectStore(REPORT_STORE);
    store.put(s);
    // newest first by taken_at, keys only: the big records are not read to prune them
    const cursor = store.index('taken_at').openKeyCursor(null, 'prev');
    let kept = 0;
    cursor.onsuccess = () => {
      const c = cursor.result;
      if (!c) return;
      const takenAt = Number(c.key);
      if (c.primaryKey !== s.mr_id) {
        kept += 1;
        if (kept >= REPORTS_KEPT || takenAt < nowSecs - REPORT_KEEP_DAYS * 86400) store.delete(c.primaryKey);
      }
      c.continue();
    };
    return await done(tx);
  } catch {
    return false;
  }
}

/** The kept snapshot of a meeting, null when none (or not one this console wrote, or expired). */
export async function loadReportSnapshot(mrId: string, nowSecs = Math.floor(Date.now() / 1000)): Promise<ReportSnapshot | null> {
  const db = await openReportDb();
  if (!db) return null;
  try {
    const req = db.transaction(REPORT_STORE, 'readonly').objectStore(REPORT_STORE).get(mrId);
    const s = await new Promise<ReportSnapshot | undefined>((resolve) => {
      req.onsuccess = () => resolve(req.result as ReportSnapshot | undefined);
      req.onerror = () => resolve(undefined);
    });
    const fresh = s && s.taken_at >= nowSecs - REPORT_KEEP_DAYS * 86400;
    return fresh && s.format === REPORT_FORMAT && s.mr_id === mrId && Array.isArray(s.records) ? s : null;
  } catch {
    return null;
  }
}

/** Reports this console kept in localStorage before: names of attendees must not linger there. */
function dropLegacyCopies(): void {
  try {
    if (typeof localStorage === 'undefined') return;
    const old: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(LEGACY_PREFIX)) old.push(key);
    }
    for (const key of old) localStorage.removeItem(key);
  } catch {
    // storage refused (private mode): nothing was kept there either
  }
}
