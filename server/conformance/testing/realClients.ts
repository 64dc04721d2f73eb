/**
 * Tests only: the platform's own public clients as real-client-findings.md describes them — the
 * three signers of §1 (the vendor's web SDK, the Java CC client, the Java CM client) and the
 * request shapes of §2–§5 — against a real reference server on port 0, in either wire mode.
 * Requests go out as those clients build them: their header names and `randdtm` units, their
 * bodies (no `code_id`, no cursor), `packets_lost_rate` as text/plain.
 */
import { compatToken, md5Hex } from '../../../protocol/signing';
import type { WireMode } from '../../../protocol/wire';
import { testConfig, type Config } from '../../config';
import { startServer, type StartedServer } from '../../main';
import { createMemoryStore } from '../../store/memoryStore';

export const MR = '8008038';
export const HOST_PWD = '123456';
export const SUPERVISOR_PWD = '654321';
/** CAPTCHA_TEST_CODE of these servers: CC codes are this, CM codes its digits padded ("2345") */
export const CODE = '2345';
/** the demo tenant's management login (seeded by the engine) */
export const ADMIN = { loginId: 'admin', password: '123456' };

export type Signer = 'webSdk' | 'javaCc' | 'javaCm';

export interface Answer {
  status: number;
  contentType: string;
  text: string;
  /** parsed JSON, undefined when the body is none */
  json: any;
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * The headers one client puts on a request to `path` (the path as sent: prefix, trailing slash,
 * no query): web SDK `Devid`/`Randdtm`/`Md5token` with whole-second milliseconds, Java CC
 * lowercase with seconds, Java CM lowercase with milliseconds and `sessionid`.
 */
export function signedHeaders(
  signer: Signer,
  cred: { devid: string; devtoken: string },
  path: string,
  cmSession = '',
): Record<string, string> {
  const now = Date.now();
  const hashed = path.split('?')[0];
  if (signer === 'webSdk') {
    const randdtm = String(Math.floor(now / 1000) * 1000);
    return { Devid: cred.devid, Randdtm: randdtm, Md5token: compatToken(cred.devid, cred.devtoken, randdtm, hashed) };
  }
  const randdtm = signer === 'javaCc' ? String(Math.floor(now / 1000)) : String(now);
  const headers: Record<string, string> = { devid: cred.devid, randdtm, md5token: compatToken(cred.devid, cred.devtoken, randdtm, hashed) };
  if (signer === 'javaCm') headers.sessionid = cmSession;
  return headers;
}

/** A reference server in one wire mode with the demo meeting running and a few steady endpoints. */
export class RealClientServer {
  private constructor(
    readonly server: StartedServer,
    readonly config: Config,
  ) {}

  /** `over.dataDir` set: the journal store in that directory (a restart keeps what it holds), else one in memory. */
  static async start(wire: WireMode, over: Partial<Config> = {}): Promise<RealClientServer> {
    const config = testConfig({
      wire,
      signing: 'compat',
      captchaTestCode: CODE,
      simEndpoints: 0,
      simSteadyEndpoints: 3,
      demo: { seed: true, mrId: MR, hostPwd: HOST_PWD, supervisorPwd: SUPERVISOR_PWD },
      ...over,
    });
    const server = await startServer(config, { store: over.dataDir ? undefined : createMemoryStore(), log: silent });
    return new RealClientServer(server, config);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  /** Sends one request as `signer` does; an object body is JSON unless `contentType` says otherwise. */
  async send(
    signer: Signer,
    method: string,
    path: string,
    body?: unknown,
    opts: { contentType?: string; cmSession?: string } = {},
  ): Promise<Answer> {
    const headers = signedHeaders(signer, { devid: this.config.devId, devtoken: this.config.devToken }, path, opts.cmSession);
    let payload: string | undefined;
    if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      headers['Content-Type'] = opts.contentType ?? 'application/json;charset=UTF-8';
    }
    const res = await fetch(this.server.origin + path, { method, headers, body: payload });
    const text = await res.text();
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', text, json };
  }

  /**
   * The Java CC login (real-client-findings §3): temp-verify-code, base64-decoded into
   * `cert_code`, `ctrl_mr_req` without `code_id`.
   */
  async ccLogin(signer: Signer = 'javaCc', pwd = HOST_PWD): Promise<CcSession> {
    const code = await this.send(signer, 'GET', '/rest/v1/meetings/temp-verify-code');
    const cert = Buffer.from(String(code.json.base64), 'base64').toString('utf8');
    const login = await this.send(signer, 'POST', `/rest/v1/meetings/${MR}/sessions/`, {
      mr_id: MR,
      ctrl_pwd: pwd,
      cert_code: cert,
      cmdid: 'ctrl_mr_req',
    });
    if (login.status !== 200 || !login.json?.sess_id) throw new Error(`CC login failed: ${login.status} ${login.text}`);
    return new CcSession(this, signer, login.json.sess_id as string, login.json);
  }

  /** The Java CM login (§3): verify-code/ with `cert_code` sent back as it came, MD5 password. */
  async cmLogin(): Promise<{ sessionId: string; rsp: any }> {
    const code = await this.send('javaCm', 'GET', '/rest/v1/app1/manager/sessions/verify-code/');
    const rsp = await this.send('javaCm', 'POST', '/rest/v1/app1/manager/sessions/login_req/', {
      login_id: `${ADMIN.loginId}@podium.local`,
      login_pwd: md5Hex(ADMIN.password),
      login_type: 1,
      cert_code: code.json.cert_code,
      date_time: code.json.date_time,
      cmdid: 'login_req',
    });
    if (rsp.status !== 200 || !rsp.json?.session_id) throw new Error(`CM login failed: ${rsp.status} ${rsp.text}`);
    return { sessionId: rsp.json.session_id as string, rsp: rsp.json };
  }
}

/** One CC session of a real client. */
export class CcSession {
  constructor(
    readonly srv: RealClientServer,
    readonly signer: Signer,
    readonly sessId: string,
    readonly loginRsp: any,
  ) {}

  get prefix(): string {
    return `/rest/v1/meetings/${MR}/sessions/${this.sessId}/`;
  }

  get(suffix: string): Promise<Answer> {
    return this.srv.send(this.signer, 'GET', this.prefix + suffix);
  }

  post(suffix: string, body: unknown): Promise<Answer> {
    return this.srv.send(this.signer, 'POST', this.prefix + suffix, body);
  }

  /** The clients' poll: `{cmdid, block_secs}` and nothing else. */
  async poll(blockSecs = 0): Promise<any[]> {
    const r = await this.post('changes', { cmdid: 'get_changes', block_secs: blockSecs });
    if (r.status !== 200 || !Array.isArray(r.json)) throw new Error(`poll failed: ${r.status} ${r.text}`);
    return r.json as any[];
  }
}
