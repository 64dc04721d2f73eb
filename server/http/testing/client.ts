/**
 * Tests only: a stand-in for the meeting engine (just the {@link EngineFacade} seam the HTTP
 * layer needs) and a small signing HTTP client for a server started on port 0.
 */
import { randomBytes } from 'node:crypto';
import { signCompat, signStrict } from '../../../protocol/signing';
import type { ControllerRole } from '../../../protocol/wire';
import type { ControllerSession, EngineFacade, RoomAuth } from '../../engine/facade';

export class FakeEngine implements EngineFacade {
  readonly rooms = new Map<string, RoomAuth>();
  readonly sessions = new Map<string, ControllerSession>();

  addRoom(mrId: string, overrides: Partial<RoomAuth> = {}): RoomAuth {
    const room: RoomAuth = {
      mrId,
      running: true,
      scheduledNotStarted: false,
      adhocDisabled: false,
      hostPwd: '123456',
      supervisorPwd: '654321',
      mrScene: 'conference',
      mrStartDtm: 1_700_000_000,
      scheduleStartDtm: 0,
      scheduleName: '',
      ...overrides,
    };
    this.rooms.set(mrId, room);
    return room;
  }

  roomAuth(mrId: string): RoomAuth | undefined {
    return this.rooms.get(mrId);
  }

  openSession(args: { mrId: string; role: ControllerRole; peerIp: string }): ControllerSession {
    const session: ControllerSession = {
      sessId: randomBytes(8).toString('hex'),
      mrId: args.mrId,
      role: args.role,
      peerIp: args.peerIp,
      signKey: new Uint8Array(randomBytes(32)),
    };
    this.sessions.set(session.sessId, session);
    return session;
  }

  getSession(sessId: string): ControllerSession | undefined {
    return this.sessions.get(sessId);
  }
}

export interface TestClientOptions {
  origin: string;
  /** prefix put before every path (the frame base path), '' for none */
  prefix?: string;
  devid: string;
  devtoken: string;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  /** parsed JSON, undefined when the body is not JSON */
  json: any;
}

/** Sends requests signed the way the console does. */
export class TestClient {
  constructor(readonly options: TestClientOptions) {}

  async send(
    method: string,
    path: string,
    init: {
      body?: string | Buffer;
      sign?: 'compat' | 'none' | { sessId: string; key: Uint8Array; nonce?: string; nowMs?: number };
      headers?: Record<string, string>;
      nowMs?: number;
    } = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...init.headers };
    const sign = init.sign ?? 'compat';
    // the signed urlPath has no query string (facts §1.2), as the console signs it
    const signedPath = path.split('?')[0];
    if (sign === 'compat') {
      Object.assign(headers, signCompat({ devid: this.options.devid, devtoken: this.options.devtoken }, signedPath, init.nowMs));
    } else if (sign !== 'none') {
      Object.assign(
        headers,
        signStrict({
          devid: this.options.devid,
          sessionId: sign.sessId,
          key: sign.key,
          method,
          path,
          body: typeof init.body === 'string' ? init.body : init.body ? new Uint8Array(init.body) : undefined,
          nonce: sign.nonce,
          nowMs: sign.nowMs,
        }),
      );
    }
    if (init.body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${this.options.origin}${this.options.prefix ?? ''}${path}`, {
      method,
      headers,
      body: typeof init.body === 'string' ? init.body : init.body ? new Uint8Array(init.body) : undefined,
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }

  get(path: string, init: Parameters<TestClient['send']>[2] = {}) {
    return this.send('GET', path, init);
  }

  post(path: string, body: unknown, init: Parameters<TestClient['send']>[2] = {}) {
    return this.send('POST', path, { ...init, body: typeof body === 'string' ? body : JSON.stringify(body) });
  }
}
