/**
 * What the console keeps in the browser (spec §3 "Kept in the browser": language, mr_id, http and
 * https ports, standalone info) lives in localStorage; the logged-in session lives in
 * sessionStorage so a reload of /control in the same tab keeps working while a new tab starts at
 * the login screen. Storage may be unavailable (privacy modes, sandboxed frames): every access is
 * guarded and a failure reads as "nothing stored".
 */
import type { Locale } from '#/i18n/locale';
import { isLocale } from '#/i18n/locale';

const KEY = {
  language: 'podium.language',
  mrId: 'podium.mr_id',
  ports: 'podium.ports',
  standalone: 'podium.standalone',
  session: 'podium.session',
} as const;

/** HTTP/HTTPS ports of the platform, as the platform reports them. */
export interface PlatformPorts {
  http: number;
  https: number;
}

function storage(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? (globalThis.localStorage ?? null) : (globalThis.sessionStorage ?? null);
  } catch {
    return null;
  }
}

function read(kind: 'local' | 'session', key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const s = storage(kind);
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // Quota or privacy mode: the console still works, it only forgets across reloads.
  }
}

function readJson<T>(kind: 'local' | 'session', key: string, isValid: (v: unknown) => v is T): T | null {
  const raw = read(kind, key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

function isPorts(v: unknown): v is PlatformPorts {
  return typeof v === 'object' && v !== null && Number.isInteger((v as PlatformPorts).http) && Number.isInteger((v as PlatformPorts).https);
}

function isBoolean(v: unknown): v is boolean {
  return typeof v === 'boolean';
}

export const browserStore = {
  language(): Locale | null {
    const value = read('local', KEY.language);
    return isLocale(value) ? value : null;
  },
  setLanguage(locale: Locale): void {
    write('local', KEY.language, locale);
  },
  /** The meeting id of the last successful login, always a string (`0123` stays `0123`). */
  mrId(): string | null {
    return read('local', KEY.mrId);
  },
  setMrId(mrId: string): void {
    write('local', KEY.mrId, mrId);
  },
  ports(): PlatformPorts | null {
    return readJson('local', KEY.ports, isPorts);
  },
  setPorts(ports: PlatformPorts): void {
    write('local', KEY.ports, JSON.stringify(ports));
  },
  standalone(): boolean | null {
    return readJson('local', KEY.standalone, isBoolean);
  },
  setStandalone(standalone: boolean): void {
    write('local', KEY.standalone, JSON.stringify(standalone));
  },
  /** Raw session record of this tab; the session holder validates its shape. */
  sessionRecord(): unknown {
    const raw = read('session', KEY.session);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  },
  setSessionRecord(record: unknown | null): void {
    write('session', KEY.session, record === null ? null : JSON.stringify(record));
  },
};
