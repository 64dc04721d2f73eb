/**
 * The supervisor's view options (spec §2 "Supervisor options", §3 "Supervisor config"), kept in
 * localStorage so they survive reloads. Purely UI state: nothing here goes to the server.
 * Storage may be missing or hold garbage; both read as the defaults.
 */

export interface SupervisorOptions {
  /** show the video preview of the selected participant */
  preview: boolean;
  /** play the meeting's sound in this browser */
  playMeetingSound: boolean;
  /** open the layout screen in a new window instead of the page */
  newWindow: boolean;
  /** hide video tiles (saves bandwidth) */
  hideVideo: boolean;
  /** show names and signal strength on the tiles */
  showNamesAndSignal: boolean;
  /** picture-in-picture for dual streams (content with the speaker inset) */
  pipDualStream: boolean;
  /** global media options of spec §3 */
  showName: boolean;
  showContent: boolean;
  playAudio: boolean;
  showTalk: boolean;
}

export const DEFAULT_SUPERVISOR_OPTIONS: Readonly<SupervisorOptions> = Object.freeze({
  preview: true,
  playMeetingSound: false,
  newWindow: false,
  hideVideo: false,
  showNamesAndSignal: true,
  pipDualStream: false,
  showName: true,
  showContent: true,
  playAudio: true,
  showTalk: false,
});

export const SUPERVISOR_OPTIONS_KEY = 'podium.supervisor.options';

/** Parses what storage holds: known boolean fields win, anything else falls back to the default. */
export function parseSupervisorOptions(raw: string | null | undefined): SupervisorOptions {
  const out: SupervisorOptions = { ...DEFAULT_SUPERVISOR_OPTIONS };
  if (!raw) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return out;
  }
  if (typeof parsed !== 'object' || parsed === null) return out;
  for (const key of Object.keys(DEFAULT_SUPERVISOR_OPTIONS) as (keyof SupervisorOptions)[]) {
    const v = (parsed as Record<string, unknown>)[key];
    if (typeof v === 'boolean') out[key] = v;
  }
  return out;
}

type Listener = () => void;

/** A tiny external store over localStorage, shared by every component (and tab, via `storage`). */
export class SupervisorOptionsStore {
  private value: SupervisorOptions;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null = safeLocalStorage()) {
    this.value = parseSupervisorOptions(this.read());
  }

  get = (): SupervisorOptions => this.value;

  set(patch: Partial<SupervisorOptions>): void {
    this.value = { ...this.value, ...patch };
    try {
      this.storage?.setItem(SUPERVISOR_OPTIONS_KEY, JSON.stringify(this.value));
    } catch {
      // quota or privacy mode: the options still apply to this page
    }
    this.listeners.forEach((l) => l());
  }

  /** Re-reads storage (another tab changed it). */
  reload(): void {
    this.value = parseSupervisorOptions(this.read());
    this.listeners.forEach((l) => l());
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private read(): string | null {
    try {
      return this.storage?.getItem(SUPERVISOR_OPTIONS_KEY) ?? null;
    } catch {
      return null;
    }
  }
}

function safeLocalStorage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

let shared: SupervisorOptionsStore | null = null;

/** The page's store, created on first use. */
export function supervisorOptionsStore(): SupervisorOptionsStore {
  if (!shared) {
    shared = new SupervisorOptionsStore();
    if (typeof window !== 'undefined') {
      window.addEventListener('storage', (e) => {
        if (e.key === SUPERVISOR_OPTIONS_KEY) shared?.reload();
      });
    }
  }
  return shared;
}
