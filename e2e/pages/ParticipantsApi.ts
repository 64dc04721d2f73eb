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
import { endsSession, perWorker } from './perWorker';

export interface EndpointState {
  usrId: string;
  name: string;
  flags: UsrStatsFlags;
}

type Signer = (method: string, path: string, body?: string) => Record<string, string>;

export class ParticipantsApi {
  private constructor(
    private readonly server: Pick<TestServer, 'baseURL' | 'mrId' | 'hostPwd' | 'supervisorPwd'>,
    private readonly role: 'host' | 'supervisor',
    private sessId: string,
    private sign: Signer,
  ) {
    this.baseURL = server.baseURL;
    this.mrId = server.mrId;
  }

  private readonly baseURL: string;
  private readonly mrId: string;

  /** This worker's checker for `server` and `role`: logged in once, again only when its session ended. */
  static forWorker(
    server: Pick<TestServer, 'baseURL' | 'mrId' | 'hostPwd' | 'supervisorPwd'>,
    role: 'host' | 'supervisor' = 'host',
  ): Promise<ParticipantsApi> {
    return perWorker(`participants ${role} ${server.baseURL} ${server.mrId}`, () => ParticipantsApi.login(server, role));
  }

  /** Logs in as host (or supervisor) with the test verify code. */
  static async login(
    server: Pick<TestServer, 'baseURL' | 'mrId' | 'hostPwd' | 'supervisorPwd'>,
    role: 'host' | 'supervisor' = 'host',
  ): Promise<ParticipantsApi> {
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
    return new ParticipantsApi(server, role, login.sess_id, sign);
  }

  /** when this session last polled: the server ends a session 30 s after its last poll */
  private lastPoll = Date.now();

  /** the keep-alive under way, shared by the requests that wait for it */
  private touching: Promise<void> | undefined;

  /**
   * Polls once before a request when the last poll is 15 s old, as a console would have: a spec
   * that arranges the meeting through this session for longer than 30 s keeps it (a lazy
   * keep-alive, so no timer outlives the spec). A spec that spent more than 30 s in the browser
   * without asking anything here (a slow walk on a loaded machine) finds the session expired, as
   * the server must: then the checker logs in again, as {@link forWorker} does between specs.
   */
  private async touch(suffix: string): Promise<void> {
    if (suffix === 'changes') return;
    // a request made while the keep-alive is under way waits for it too (its poll marks lastPoll
    // when it goes out, before it is known whether the session still answers)
    if (!this.touching && Date.now() - this.lastPoll >= 15_000) this.touching = this.keepAlive().finally(() => (this.touching = undefined));
    await this.touching;
  }

  private async keepAlive(): Promise<void> {
    if (await this.alive()) return;
    const fresh = await ParticipantsApi.login(this.server, this.role);
    this.sessId = fresh.sessId;
    this.sign = fresh.sign;
    this.lastPoll = Date.now();
  }

  private path(suffix: string): string {
    return `/rest/v1/meetings/${this.mrId}/sessions/${this.sessId}/${suffix}`;
  }

  async get<T>(suffix: string): Promise<T> {
    await this.touch(suffix);
    const path = this.path(suffix);
    const res = await fetch(this.baseURL + path, { headers: this.sign('GET', path) });
    if (!res.ok) throw new Error(`GET ${suffix}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async post<T = unknown>(suffix: string, body: Record<string, unknown>): Promise<{ status: number; body: T }> {
    if (suffix === 'changes') this.lastPoll = Date.now();
    else await this.touch(suffix);
    const path = this.path(suffix);
    const text = JSON.stringify(body);
    const res = await fetch(this.baseURL + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...this.sign('POST', path, text) },
      body: text,
    });
    const raw = await res.text();
    return { status: res.status, body: (raw ? JSON.parse(raw) : undefined) as T };
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
    await this.touch('media_stream');
    const path = `/status/participant/${epId}/media_stream`;
    const res = await fetch(this.baseURL + path, { headers: this.sign('GET', path) });
    if (!res.ok) throw new Error(`GET media_stream: ${res.status} ${await res.text()}`);
    return (await res.json()) as MediaStreamResponse;
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
  async alive(): Promise<boolean> {
    const answer = await this.post('changes', { cmdid: 'get_changes', block_secs: 0 });
    return answer.status < 300 && !endsSession(answer.body);
  }

  async logout(): Promise<void> {
    // the session expires 30 s after its last poll; nothing else to release
  }
}
