/**
 * A controller session of its own against the test server, used by the participant specs to read
 * the server's state after an action in the browser (never only the UI), and to act as "another
 * console". It signs like the console does (compat before login, then the server's mode).
 */
import { signCompat, signStrict, signingPath, decodeSignKey } from '../../protocol/signing';
import { decodeUsrStats, type UsrStatsFlags } from '../../protocol/usrStats';
import type {
  LoginResponse,
  MediaStreamResponse,
  MrInfo,
  MrParticipants,
  MrStatus,
  OnlineEpsInfo,
  OnlineEpsStatus,
  PlatformResponse,
  VerifyCodeResponse,
} from '../../protocol/wire';
import { isSteadyEndpointId } from '../../server/sim/steady';
import { E2E_DEV, TEST_CODE, type TestServer } from '../server';
import { KeptSession, SessionGone, goneAnswer } from './keptSession';
import { endsSession, perWorker } from './perWorker';

export interface EndpointState {
  usrId: string;
  name: string;
  flags: UsrStatsFlags;
}

type Signer = (method: string, path: string, body?: string) => Record<string, string>;

type ServerLogin = Pick<TestServer, 'baseURL' | 'mrId' | 'hostPwd' | 'supervisorPwd'>;

/** One login: the session's id and how its requests are signed. */
interface Signed {
  sessId: string;
  sign: Signer;
}

export class ParticipantsApi {
  private constructor(
    private readonly server: ServerLogin,
    private readonly kept: KeptSession<Signed>,
  ) {}

  /** This worker's checker for `server` and `role`: logged in once, again only when its session ended. */
  static forWorker(server: ServerLogin, role: 'host' | 'supervisor' = 'host'): Promise<ParticipantsApi> {
    return perWorker(`participants ${role} ${server.baseURL} ${server.mrId}`, () => ParticipantsApi.login(server, role));
  }

  /**
   * Logs in as host (or supervisor) with the test verify code; the checker logs in again by
   * itself when the server has ended its session (e2e/pages/keptSession.ts).
   */
  static async login(server: ServerLogin, role: 'host' | 'supervisor' = 'host'): Promise<ParticipantsApi> {
    const kept = await KeptSession.open<Signed>({
      login: () => ParticipantsApi.signIn(server, role),
      poll: async (session) => {
        const answer = await ParticipantsApi.send(server, session, 'changes', { cmdid: 'get_changes', block_secs: 0 });
        return answer.status < 300 && !endsSession(answer.body);
      },
    });
    return new ParticipantsApi(server, kept);
  }

  private static async signIn(server: ServerLogin, role: 'host' | 'supervisor'): Promise<Signed> {
    const platform = (await (await fetch(`${server.baseURL}/api/v3/app/getPlatform`)).json()) as PlatformResponse;
    // a platform-mode server hands out none: the test servers' own configuration (behind the proxy, which signs anew)
    const cred = platform.data.signing ?? E2E_DEV;
    const compat = (path: string) => ({ ...signCompat(cred, path) }) as unknown as Record<string, string>;
    const fetchCode = (path: string) => fetch(server.baseURL + path, { headers: compat(path) });
    let codeAnswer = await fetchCode('/rest/v1/meetings/verify-code');
    // a strict platform offers no picture code: the text code the platform's own clients use
    if (codeAnswer.status === 404) codeAnswer = await fetchCode('/rest/v1/meetings/temp-verify-code');
    const code = (await codeAnswer.json()) as VerifyCodeResponse;
    const loginPath = `/rest/v1/meetings/${server.mrId}/sessions/`;
    const res = await fetch(server.baseURL + loginPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...compat(loginPath) },
      body: JSON.stringify({
        cmdid: 'ctrl_mr_req',
        mr_id: server.mrId,
        ctrl_pwd: role === 'host' ? server.hostPwd : server.supervisorPwd,
        cert_code: TEST_CODE,
        code_id: code.code_id,
      }),
    });
    if (!res.ok) throw new Error(`api login failed: ${res.status} ${await res.text()}`);
    const login = (await res.json()) as LoginResponse;
    const sign: Signer =
      login.signing === 'strict' && login.sign_key
        ? (() => {
            const key = decodeSignKey(login.sign_key!);
            return (method: string, path: string, body?: string) =>
              ({
                ...signStrict({ devid: cred.devid, sessionId: login.sess_id, key, method, path: signingPath(path), body }),
              }) as unknown as Record<string, string>;
          })()
        : (_m: string, path: string) => compat(signingPath(path));
    return { sessId: login.sess_id, sign };
  }

  /** A POST under the session's prefix; the answer as it came, whatever its status. */
  private static async send<T>(
    server: ServerLogin,
    session: Signed,
    suffix: string,
    body: Record<string, unknown>,
  ): Promise<{ status: number; body: T }> {
    const path = `/rest/v1/meetings/${server.mrId}/sessions/${session.sessId}/${suffix}`;
    const text = JSON.stringify(body);
    const res = await fetch(server.baseURL + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...session.sign('POST', path, text) },
      body: text,
    });
    const raw = await res.text();
    return { status: res.status, body: (raw ? JSON.parse(raw) : undefined) as T };
  }

  /** A signed GET of `path`; throws {@link SessionGone} when the server no longer knows the session. */
  private async read<T>(session: Signed, path: string, what: string): Promise<T> {
    const res = await fetch(this.server.baseURL + path, { headers: session.sign('GET', path) });
    if (res.ok) return (await res.json()) as T;
    const raw = await res.text();
    const body: unknown = (() => {
      try {
        return JSON.parse(raw);
      } catch {
        return raw;
      }
    })();
    if (goneAnswer(res.status, body)) throw new SessionGone(res.status, body);
    throw new Error(`GET ${what}: ${res.status} ${raw}`);
  }

  async get<T>(suffix: string): Promise<T> {
    return this.kept.use((s) => this.read<T>(s, `/rest/v1/meetings/${this.server.mrId}/sessions/${s.sessId}/${suffix}`, suffix));
  }

  /**
   * A POST under the session's prefix, answered as it came (a refusal is the caller's to judge);
   * `changes` is a poll and keeps the session as one.
   */
  async post<T = unknown>(suffix: string, body: Record<string, unknown>): Promise<{ status: number; body: T }> {
    try {
      return await this.kept.use(
        async (s) => {
          const answer = await ParticipantsApi.send<T>(this.server, s, suffix, body);
          if (goneAnswer(answer.status, answer.body)) throw new SessionGone(answer.status, answer.body);
          return answer;
        },
        { poll: suffix === 'changes' },
      );
    } catch (error) {
      // still gone on the fresh login: the answer as it came
      if (error instanceof SessionGone) return { status: error.status, body: error.body as T };
      throw error;
    }
  }

  /** Sends a `ctrl_mr_eps` command as another console would; throws when refused. */
  async eps(action: string, usrIds: string[], value?: number | string): Promise<void> {
    const body: Record<string, unknown> = { cmdid: 'ctrl_mr_eps', action, usr_ids: usrIds };
    if (value !== undefined) body.value = value;
    const res = await this.post('eps-status', body);
    if (res.status >= 300) throw new Error(`ctrl_mr_eps ${action} refused: ${res.status} ${JSON.stringify(res.body)}`);
  }

  /** Media statistics of one call leg (outside the session prefix, still signed). */
  async mediaStream(epId: number): Promise<MediaStreamResponse> {
    return this.kept.use((s) => this.read<MediaStreamResponse>(s, `/status/participant/${epId}/media_stream`, 'media_stream'));
  }

  async status(): Promise<MrStatus> {
    return this.get<MrStatus>('mr-status');
  }

  async modStatus(key: string, value: number | string): Promise<void> {
    const res = await this.post('mr-status', { cmdid: 'mod_mr_status', [key]: value });
    if (res.status >= 300) throw new Error(`mod_mr_status ${key} refused: ${res.status} ${JSON.stringify(res.body)}`);
  }

  async info(): Promise<MrInfo> {
    return this.get<MrInfo>('mr-info');
  }

  async roster(): Promise<MrParticipants> {
    return this.get<MrParticipants>('participants');
  }

  async endpoints(): Promise<OnlineEpsInfo> {
    return this.get<OnlineEpsInfo>('eps-info');
  }

  /** Every online endpoint with its decoded flags and current name. */
  async endpointStates(): Promise<Map<string, EndpointState>> {
    const [info, status] = await Promise.all([this.endpoints(), this.get<OnlineEpsStatus>('eps-status')]);
    const names = new Map(info.usr_ids.map((id, i) => [id, info.usr_names[i]]));
    const out = new Map<string, EndpointState>();
    status.usr_ids.forEach((id, i) =>
      out.set(id, { usrId: id, name: names.get(id) ?? '', flags: decodeUsrStats(status.usr_stats[i], status.stats_desc) }),
    );
    return out;
  }

  /**
   * Calls every steady endpoint (server/sim/steady.ts) of the roster that is not online — one an
   * earlier spec hung up or refused — and waits until they are all back (they answer in a second).
   */
  async callBackSteady(timeoutMs = 10_000): Promise<void> {
    const [roster, states] = await Promise.all([this.roster(), this.endpointStates()]);
    const away = roster.added_usr_ids.filter((id) => isSteadyEndpointId(id) && !states.has(id));
    if (!away.length) return;
    await this.eps('call', away);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const online = await this.endpointStates();
      const missing = away.filter((id) => !online.has(id));
      if (!missing.length) return;
      if (Date.now() > deadline) throw new Error(`steady endpoints did not answer the call: ${missing.join(', ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** The decoded flags of one online endpoint, undefined when it is not online. */
  async flags(usrId: string): Promise<UsrStatsFlags | undefined> {
    return (await this.endpointStates()).get(usrId)?.flags;
  }

  /** Polls once without waiting: true while the session is open (and it stays so for 30 s more). */
  alive(): Promise<boolean> {
    return this.kept.alive();
  }

  async logout(): Promise<void> {
    // the session expires 30 s after its last poll; nothing else to release
  }
}
