/**
 * Who has logged in to a meeting (or management account) before, so that guessers who drive
 * the meeting's failure count to its limit cannot lock the real host out (issue 17, item 3).
 *
 * A client is *known* for a scope when either
 * - its address logged in to that scope successfully within {@link TRUST_MAX_AGE_MS}
 *   (kept in the store, collection {@link LOGIN_TRUST}, so it survives a restart), or
 * - its browser presents the device cookie {@link DEVICE_COOKIE} the server set at such a login:
 *   the scopes it names and when it was issued, signed with HMAC-SHA-256 under a server secret
 *   kept in the store. It is `HttpOnly` and `SameSite=Strict` and carries no credential: it only
 *   exempts the browser from the scope's lock, never from its own address's lock, the verify
 *   code or the password.
 *
 * Addresses remembered per scope are bounded ({@link MAX_ADDRESSES_PER_SCOPE}, oldest dropped).
 *
 * A scope names what the client proved, never less (issue 24, point 2): a meeting's scope names
 * the role and the role's password too ({@link LoginTrust.roleScope}: `mr:<meeting>/<role>/<tag>`,
 * the tag an HMAC of the password under the server secret, so the cookie shows nothing of it),
 * and a management scope the account (`mgmt:<login id>`). So a supervisor's cookie, or an
 * address a supervisor logged in from, lifts the meeting's lock for the supervisor's password
 * only, never for guesses at the host's (auth/loginRoutes.ts); and once a role's password
 * changes, trust earned with the old one is worth nothing (someone who knew the old password
 * gets no unlimited guesses at the new one). Trust of the older form (`mr:<meeting>`, no role)
 * is no longer honoured: such a browser is a stranger until its next login.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Store } from '../store/types';

export const LOGIN_TRUST = 'login_trust';
const SECRETS = 'server_secrets';
export const DEVICE_COOKIE = 'podium_device';
export const TRUST_MAX_AGE_MS = 30 * 24 * 3600_000;
export const MAX_ADDRESSES_PER_SCOPE = 200;
const MAX_COOKIE_SCOPES = 20;

interface TrustRecord {
  scope: string;
  ip: string;
  at: number;
}

interface DevicePayload {
  /** scopes this browser logged in to, newest last */
  s: string[];
  /** issued, ms */
  t: number;
}

export class LoginTrust {
  private readonly secret: Buffer;
  private readonly now: () => number;

  constructor(
    private readonly store: Store,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    const kept = store.get<string>(SECRETS, 'device-cookie');
    if (kept) this.secret = Buffer.from(kept, 'base64');
    else {
      this.secret = randomBytes(32);
      void store.put(SECRETS, 'device-cookie', this.secret.toString('base64')).catch(() => undefined);
    }
  }

  /** The trust scope of a meeting role: what a successful login with that role's `password` proved. */
  roleScope(mrId: string, role: 'host' | 'supervisor', password: string): string {
    const tag = createHmac('sha256', this.secret)
      .update(`role\u0000${mrId}\u0000${role}\u0000${password}`)
      .digest('base64url')
      .slice(0, 16);
    return `mr:${mrId}/${role}/${tag}`;
  }

  /** Whether this client logged in to `scope` before (by address or device cookie). */
  isKnown(scope: string, ip: string, cookieHeader: string | undefined): boolean {
    const rec = this.store.get<TrustRecord>(LOGIN_TRUST, keyOf(scope, ip));
    if (rec && this.now() - rec.at <= TRUST_MAX_AGE_MS) return true;
    return this.readCookie(cookieHeader)?.s.includes(scope) ?? false;
  }

  /**
   * Remembers a successful login and answers the `Set-Cookie` value that marks this browser
   * (the scopes of a valid cookie it already carries are kept).
   */
  remember(scope: string, ip: string, cookieHeader: string | undefined, secure: boolean): string {
    const now = this.now();
    const key = keyOf(scope, ip);
    void this.store.put<TrustRecord>(LOGIN_TRUST, key, { scope, ip, at: now }).catch(() => undefined);
    this.bound(scope, key);
    const scopes = (this.readCookie(cookieHeader)?.s ?? []).filter((s) => s !== scope);
    scopes.push(scope);
    const payload = Buffer.from(JSON.stringify({ s: scopes.slice(-MAX_COOKIE_SCOPES), t: now } satisfies DevicePayload)).toString(
      'base64url',
    );
    const value = `${payload}.${this.mac(payload)}`;
    const maxAge = Math.floor(TRUST_MAX_AGE_MS / 1000);
    return `${DEVICE_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
  }

  private bound(scope: string, added: string): void {
    const prefix = `${scope}\u0000`;
    const keys = this.store.keys(LOGIN_TRUST).filter((k) => k.startsWith(prefix) && k !== added);
    if (keys.length < MAX_ADDRESSES_PER_SCOPE) return;
    const byAge = keys.map((k) => ({ k, at: this.store.get<TrustRecord>(LOGIN_TRUST, k)?.at ?? 0 })).sort((a, b) => a.at - b.at);
    for (const { k } of byAge.slice(0, keys.length - MAX_ADDRESSES_PER_SCOPE + 1)) {
      void this.store.delete(LOGIN_TRUST, k).catch(() => undefined);
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.secret).update(`device\u0000${payload}`).digest('base64url');
  }

  private readCookie(header: string | undefined): DevicePayload | undefined {
    if (!header) return undefined;
    for (const part of header.split(';')) {
      const eq = part.indexOf('=');
      if (eq < 0 || part.slice(0, eq).trim() !== DEVICE_COOKIE) continue;
      const [payload, mac] = part
        .slice(eq + 1)
        .trim()
        .split('.');
      if (!payload || !mac || payload.length > 4096) return undefined;
      const expected = Buffer.from(this.mac(payload));
      const given = Buffer.from(mac);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      try {
        const p = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as DevicePayload;
        if (!Array.isArray(p.s) || typeof p.t !== 'number' || this.now() - p.t > TRUST_MAX_AGE_MS) return undefined;
        return p;
      } catch {
        return undefined;
      }
    }
    return undefined;
  }
}

function keyOf(scope: string, ip: string): string {
  return `${scope}\u0000${ip}`;
}
