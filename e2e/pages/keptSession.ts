/**
 * The controller session an API checker (ParticipantsApi, MeetingControlsApi) reads the server
 * through, kept usable for the whole spec. The server ends a session 30 s after its last poll
 * (SESSION_TIMEOUT_SECONDS) and ends it itself when the meeting ends or a password changes; a
 * spec that spent that long in the browser on a loaded machine must not get 404 1006 from its
 * next check, so:
 * - before a request, once the last poll is `keepAliveMs` old, the session polls first, as a
 *   console would have (a lazy keep-alive: no timer outlives the spec), and a session that no
 *   longer answers is replaced by a fresh login, as perWorker does between specs;
 * - a request made while that poll is out waits for it (the poll marks its time as it leaves,
 *   before it is known whether the session still answers);
 * - a request the server refuses because it no longer knows the session (1006/1007) logs in
 *   again and is sent once more; requests refused together share that one login.
 */
import { RC } from '../../protocol/resultCodes';
import { isApiError } from '../../protocol/errors';

/** The server no longer knows the session a request was signed for. */
export class SessionGone extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`session gone: ${status} ${JSON.stringify(body)}`);
  }
}

const GONE = new Set<number>([RC.sessionExpired, RC.sessionNotFound]);

/** True for an answer (`status`, parsed body) that says the session is gone. */
export function goneAnswer(status: number, body: unknown): boolean {
  if (status < 400 || !body || typeof body !== 'object') return false;
  // the platform's wire spells its result codes as strings
  return GONE.has(Number((body as { result?: unknown }).result));
}

function isGone(error: unknown): boolean {
  return error instanceof SessionGone || (isApiError(error) && error.result !== undefined && GONE.has(error.result));
}

export interface KeptSessionOptions<S> {
  login: () => Promise<S>;
  /** one poll without waiting on `session`: false when the server has ended it */
  poll: (session: S) => Promise<boolean>;
  /** the poll's age after which a request polls first; half the server's 30 s by default */
  keepAliveMs?: number;
}

export class KeptSession<S> {
  private lastPoll = Date.now();
  /** the keep-alive poll under way, shared by the requests that wait for it */
  private touching: Promise<void> | undefined;
  /** the login under way after the session was found gone, shared by the requests it failed */
  private renewing: Promise<void> | undefined;
  private readonly keepAliveMs: number;

  private constructor(
    private session: S,
    private readonly options: KeptSessionOptions<S>,
  ) {
    this.keepAliveMs = options.keepAliveMs ?? 15_000;
  }

  static async open<S>(options: KeptSessionOptions<S>): Promise<KeptSession<S>> {
    return new KeptSession(await options.login(), options);
  }

  get current(): S {
    return this.session;
  }

  /** Polls once on the current session, as is, with no login: true while the server keeps it. */
  async alive(): Promise<boolean> {
    this.lastPoll = Date.now();
    return this.options.poll(this.session);
  }

  /**
   * Sends `request` on a live session: polls first when the last poll is old, and sends it once
   * more on a fresh login when the server no longer knows the session. `poll` marks a request
   * that is a poll itself (no keep-alive before it; it counts as one).
   */
  async use<R>(request: (session: S) => Promise<R>, { poll = false } = {}): Promise<R> {
    if (poll) this.lastPoll = Date.now();
    else await this.touch();
    const sentOn = this.session;
    try {
      return await request(sentOn);
    } catch (error) {
      if (!isGone(error)) throw error;
      await this.renew(sentOn);
      return request(this.session);
    }
  }

  private async touch(): Promise<void> {
    if (!this.touching && Date.now() - this.lastPoll >= this.keepAliveMs) {
      this.touching = this.keepAlive().finally(() => (this.touching = undefined));
    }
    await this.touching;
  }

  private async keepAlive(): Promise<void> {
    const polled = this.session;
    if (await this.alive().catch(() => false)) return;
    await this.renew(polled);
  }

  /** A fresh login in place of `gone`, unless another request has already replaced it. */
  private async renew(gone: S): Promise<void> {
    if (this.session !== gone) return;
    this.renewing ??= this.options
      .login()
      .then((fresh) => {
        this.session = fresh;
        this.lastPoll = Date.now();
      })
      .finally(() => (this.renewing = undefined));
    await this.renewing;
  }
}
