/**
 * A small fetch-based client of the reference server for machine integration tests (Node):
 * signs like the platform (compat before a session, strict with the session key after) and turns
 * every failure into an {@link ApiError}. The console's real client is src/api (ky, AES, decoders);
 * machines may not import it, and these tests are about the machines, so this one stays minimal:
 * no AES (the test server runs with `api_aes_mode` off).
 */
import { ApiError } from '../../protocol/errors';
import type { ChangeEvent } from '../../protocol/events';
import { decodeSignKey, signCompat, signStrict } from '../../protocol/signing';
import type { LoginResponse, PlatformResponse, VerifyCodeResponse } from '../../protocol/wire';
import type { LoginApi, ResumeSession, SessionApi } from '../api';
import { toLoginResult, type LoginResult } from '../login/loginMachine';

interface Settings {
  mode: 'strict' | 'compat';
  devid: string;
  devtoken: string;
}

async function request<T>(
  baseUrl: string,
  settings: Settings,
  method: 'GET' | 'POST',
  path: string,
  body: unknown,
  signal: AbortSignal | undefined,
  session?: { sessId: string; key?: Uint8Array },
): Promise<T> {
  const json = method === 'POST' && body !== undefined ? JSON.stringify(body) : undefined;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json !== undefined) headers['Content-Type'] = 'application/json; charset=utf-8';
  if (settings.mode === 'strict' && session?.key) {
    Object.assign(headers, signStrict({ devid: settings.devid, sessionId: session.sessId, key: session.key, method, path, body: json }));
  } else {
    Object.assign(headers, signCompat({ devid: settings.devid, devtoken: settings.devtoken }, path));
  }
  let res: Response;
  try {
    res = await fetch(baseUrl + path, { method, headers, body: json, signal });
  } catch (e) {
    if (signal?.aborted) throw new ApiError('aborted', 0, path);
    throw new ApiError('network', 0, path, undefined, (e as Error).message);
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    if (res.ok) throw new ApiError('decode', res.status, path);
  }
  if (!res.ok) {
    const b = (data ?? {}) as { result?: unknown; detail?: string; extra?: string; retry_after?: number };
    const result =
      typeof b.result === 'number' ? b.result : typeof b.result === 'string' && /^\d+$/.test(b.result) ? Number(b.result) : undefined;
    throw new ApiError('http', res.status, path, result, b.detail ?? b.extra, b.retry_after);
  }
  return data as T;
}

/**
 * Login and session ports bound to a reference server at `baseUrl`. `credentials` sign compat
 * when getPlatform hands out none (platform mode: the credentials are the server's configuration).
 */
export async function httpClient(baseUrl: string, credentials?: { devid: string; devtoken: string }) {
  const platform = await request<PlatformResponse>(
    baseUrl,
    { mode: 'compat', devid: '', devtoken: '' },
    'GET',
    '/api/v3/app/getPlatform',
    undefined,
    undefined,
  );
  const given = platform.data.signing ?? (credentials && { mode: 'compat' as const, ...credentials });
  if (!given) throw new Error("httpClient: getPlatform gave no signing credentials; pass the server configuration's");
  const settings: Settings = given;
  const login: LoginApi = {
    getVerifyCode: (signal) => request<VerifyCodeResponse>(baseUrl, settings, 'GET', '/rest/v1/meetings/verify-code', undefined, signal),
    login: (args, signal) =>
      request<LoginResponse>(
        baseUrl,
        settings,
        'POST',
        `/rest/v1/meetings/${encodeURIComponent(args.mrId)}/sessions/`,
        { cmdid: 'ctrl_mr_req', mr_id: args.mrId, ctrl_pwd: args.password, cert_code: args.code, code_id: args.codeId },
        signal,
      ),
    resume: (args, signal) =>
      request<LoginResponse>(
        baseUrl,
        settings,
        'POST',
        `/rest/v1/meetings/${encodeURIComponent(args.mrId)}/sessions/`,
        { cmdid: 'ctrl_mr_req', mr_id: args.mrId, resume_token: args.resumeToken },
        signal,
      ),
  };
  let reqSeq = 0;
  // a login in the shape the console keeps it (LoginResult), as src/api's session client takes it
  const session = (login: Pick<LoginResult, 'mrId' | 'sessId' | 'signKey'>): SessionApi => {
    const prefix = `/rest/v1/meetings/${encodeURIComponent(login.mrId)}/sessions/${login.sessId}/`;
    const signing = { sessId: login.sessId, key: login.signKey ? decodeSignKey(login.signKey) : undefined };
    return {
      mrId: login.mrId,
      sessId: login.sessId,
      get: (suffix, signal) => request(baseUrl, settings, 'GET', prefix + suffix, undefined, signal, signing),
      post: (suffix, body, signal) =>
        request(baseUrl, settings, 'POST', prefix + suffix, { req_id: `it-${Date.now()}-${++reqSeq}`, ...body }, signal, signing),
      changes: (sinceSeq, blockSecs, signal) =>
        request<ChangeEvent[]>(
          baseUrl,
          settings,
          'POST',
          prefix + 'changes',
          { cmdid: 'get_changes', block_secs: blockSecs, since_seq: sinceSeq },
          signal,
          signing,
        ),
      raw: (method, path, body, signal) => request(baseUrl, settings, method, path, body, signal, signing),
    };
  };
  /** the session's resume port: the resume answer and a client for the new session */
  const resume: ResumeSession = async (args, signal) => {
    const answer = await login.resume!(args, signal);
    return { answer, api: session(toLoginResult(answer, args.mrId)) };
  };
  return { login, session, resume };
}
