/**
 * Holds the one logged-in session of this tab: what the login returned (the session record) and,
 * once started, the root session actor that owns every per-session child. React never creates
 * session actors; it reads the holder through `useSession()` and the actor through selectors.
 *
 * The record is kept in sessionStorage so a reload of /control re-creates the actor from it
 * instead of sending the user back to the login screen. After a session resume (docs/protocol.md
 * "Session resume") the actor reports the new session and its rotated resume token, and the
 * record is replaced without restarting the actor.
 *
 * The room's resource template (`resource_tmpl_info`: pane caps, recording allowed) is kept with
 * the record too: the server tells it once per login, as a one-shot event the feed of a reloaded
 * page never carries again, so the actor of a reload starts with the last one told (issue 30).
 *
 * The password of the login is kept here too, in memory only and never in any storage: on a
 * server without resume tokens (the platform) it is how the session actor logs in again when the
 * server dropped the session (docs/protocol.md "Platform mode and the console"). A reload forgets
 * it, so a session lost after a reload ends and the user logs in again.
 */
import type { AnyActorRef } from 'xstate';
import type { LoginResult, ResourceTemplateInfo } from '@machines/index';
import { browserStore } from './browserStore';

/**
 * What the console remembers about a successful login: the login machine's output, and the room's
 * resource template once the server told it to this login.
 */
export type SessionRecord = LoginResult & { resourceTemplate?: ResourceTemplateInfo };

/** A running root session actor and how to end it (it may need to tell the server first). */
export interface StartedSession {
  actor: AnyActorRef;
  /** ends the session; the actor stops itself (and every child) once done */
  end(): void;
}

/** What the tab remembers of the login beyond the record: in memory only, never stored. */
export interface SessionCredentials {
  password: string;
}

/**
 * Builds and starts the root session actor of a record (starting with its resource template, if
 * any); `onResumed` is called with the new record when the actor resumed an expired session (or
 * logged in again with `credentials`), `onTemplate` whenever the server tells the template.
 */
export type SessionActorFactory = (
  record: SessionRecord,
  onResumed?: (record: SessionRecord) => void,
  credentials?: SessionCredentials,
  onTemplate?: (template: ResourceTemplateInfo) => void,
) => StartedSession;

/**
 * Where the holder gets its factory: the factory itself, or a loader of the module that makes it.
 * The console loads it (the session machines and their API) only when a page behind the login
 * needs it, so the login screen does not wait for that code (issue 15).
 */
export type SessionActorFactorySource = SessionActorFactory | { load: () => Promise<SessionActorFactory> } | null;

type Listener = () => void;

const isCount = (v: unknown) => Number.isInteger(v) && (v as number) >= 0;
const isBit = (v: unknown) => v === 0 || v === 1;

/** A stored template as the meeting actor holds it (the decoded `resource_tmpl_info` fields). */
function isTemplate(value: unknown): value is ResourceTemplateInfo {
  if (typeof value !== 'object' || value === null) return false;
  const t = value as Record<keyof ResourceTemplateInfo, unknown>;
  return (
    Number.isInteger(t.id) &&
    typeof t.name === 'string' &&
    isCount(t.max_mosic) &&
    isCount(t.max_spk_mosic) &&
    isCount(t.max_guest_mosic) &&
    isCount(t.max_chair_mosic) &&
    typeof t.res_bw === 'string' &&
    isBit(t.single_view) &&
    isBit(t.has_record)
  );
}

/** A stored record as the holder keeps it: a malformed template is dropped, not the session. */
function restored(value: unknown): SessionRecord | null {
  if (!isRecord(value)) return null;
  const { resourceTemplate, ...login } = value;
  // a reload is not a login: its feed starts at its snapshot, not again at the login's reminders
  const record: SessionRecord = { ...login, loginSeq: undefined };
  return isTemplate(resourceTemplate) ? { ...record, resourceTemplate } : record;
}

function isRecord(value: unknown): value is SessionRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Partial<SessionRecord>;
  return (
    typeof r.mrId === 'string' &&
    r.mrId.length > 0 &&
    typeof r.sessId === 'string' &&
    (r.role === 'host' || r.role === 'supervisor') &&
    (r.mrScene === 'conference' || r.mrScene === 'class') &&
    (r.signing === 'strict' || r.signing === 'compat') &&
    (r.signKey === undefined || typeof r.signKey === 'string') &&
    (r.resumeToken === undefined || typeof r.resumeToken === 'string') &&
    typeof r.mrStartDtm === 'number' &&
    typeof r.scheduleStartDtm === 'number' &&
    typeof r.scheduleName === 'string' &&
    typeof r.standAlone === 'number' &&
    typeof r.invalidTime === 'number' &&
    typeof r.expiredNotify === 'string' &&
    typeof r.afterSaleMgrEmail === 'string' &&
    typeof r.extra === 'string'
  );
}

export class SessionHolder {
  private record: SessionRecord | null;
  private started: StartedSession | null = null;
  /** the login's password, for a re-login; memory only (see the file comment) */
  private credentials: SessionCredentials | null = null;
  private readonly listeners = new Set<Listener>();
  private createActor: SessionActorFactory | null;
  private loading: Promise<void> | null = null;

  constructor(
    private readonly factory: SessionActorFactorySource,
    private readonly store: Pick<typeof browserStore, 'sessionRecord' | 'setSessionRecord' | 'setMrId' | 'setStandalone'> = browserStore,
  ) {
    this.record = restored(store.sessionRecord());
    this.createActor = typeof factory === 'function' ? factory : null;
  }

  /**
   * Resolves once the actor factory is at hand (at once when it was given as such): the pages
   * behind the login await it before they draw. A failed load (a network cut) is tried again on
   * the next call.
   */
  load(): Promise<void> {
    const factory = this.factory;
    if (this.createActor || factory === null || typeof factory === 'function') return Promise.resolve();
    this.loading ??= factory.load().then(
      (loaded) => {
        this.createActor = loaded;
      },
      (error: unknown) => {
        this.loading = null;
        throw error;
      },
    );
    return this.loading;
  }

  /**
   * A lost session of this tab can log in again by itself: the password is in memory (it is
   * gone after a reload, so an alert must not advise one while this holds).
   */
  holdsRelogin(): boolean {
    return this.record !== null && this.credentials !== null;
  }

  /** The current session record, or null when logged out. */
  current(): SessionRecord | null {
    return this.record;
  }

  /**
   * The running root session actor, started lazily so a reload re-creates it from the record.
   * Null until `load()` has resolved when the factory is loaded on demand.
   */
  actor(): AnyActorRef | null {
    if (!this.record || !this.createActor) return null;
    if (!this.started) {
      const started = this.createActor(
        this.record,
        (resumed) => this.resumed(started, resumed),
        this.credentials ?? undefined,
        (template) => this.toldTemplate(started, template),
      );
      this.started = started;
    }
    return this.started.actor;
  }

  /**
   * Starts a session after a successful login, replacing any previous one. `credentials` are
   * held in memory for a re-login (never written to storage).
   */
  start(record: SessionRecord, credentials?: SessionCredentials): SessionRecord {
    this.stopActor();
    this.credentials = credentials ?? null;
    this.keep(record);
    // the page the login opens waits for it: start loading while the navigation begins
    this.load().catch(() => {});
    return record;
  }

  /** Ends the session (the actor logs out and stops with every child) and forgets the record. */
  stop(): void {
    this.stopActor();
    this.record = null;
    this.credentials = null;
    this.store.setSessionRecord(null);
    this.notify();
  }

  /**
   * The running actor reopened its session: keep the new one (and its token) for a reload. The
   * room's template stays until the server tells it again.
   */
  private resumed(from: StartedSession, record: SessionRecord): void {
    if (this.started !== from || !this.record || record.mrId !== this.record.mrId) return;
    const resourceTemplate = record.resourceTemplate ?? this.record.resourceTemplate;
    this.record = resourceTemplate ? { ...record, resourceTemplate } : record;
    this.store.setSessionRecord(this.record);
    this.notify();
  }

  /** The server told the running actor the room's template: kept with the record for a reload. */
  private toldTemplate(from: StartedSession, resourceTemplate: ResourceTemplateInfo): void {
    if (this.started !== from || !this.record) return;
    this.record = { ...this.record, resourceTemplate };
    this.store.setSessionRecord(this.record);
    this.notify();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private keep(record: SessionRecord): void {
    this.record = record;
    this.store.setMrId(record.mrId);
    this.store.setStandalone(record.standAlone === 1);
    this.store.setSessionRecord(record);
    this.notify();
  }

  private stopActor(): void {
    const started = this.started;
    this.started = null;
    started?.end();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }
}
