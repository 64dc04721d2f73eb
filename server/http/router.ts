/**
 * A small method + path router for the reference server. Patterns use `:name` segments
 * (`/rest/v1/meetings/:mrId/sessions/:sessId/mr-status`); a trailing slash in the pattern is
 * optional in the request so both `sessions` and `sessions/` forms of the platform work.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface ApiRequest {
  method: string;
  /** path without the query string and without the frame base-path prefix */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** parsed JSON body (after AES decryption), undefined for an empty body */
  body: unknown;
  rawBody: Buffer;
  /** client address (socket address; X-Forwarded-For only when TRUST_PROXY=1) */
  ip: string;
  /**
   * aborts when the client goes away: long polls must stop waiting. The part of `AbortSignal`
   * handlers use (an `AbortSignal` is one), so the platform need not build one per request.
   */
  signal: RequestSignal;
  /** the controller session, set by the signature check on per-session paths */
  session?: { sessId: string; mrId: string; role: 'host' | 'supervisor' };
}

/** A request's "client went away" signal: `aborted`, and listeners for 'abort'. */
export interface RequestSignal {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

/**
 * The {@link RequestSignal} of one request: a flag and at most a few listeners, a fraction of
 * the cost of an AbortController (which every long poll used to create).
 */
export class ClientGoneSignal implements RequestSignal {
  private gone = false;
  private listeners: (() => void)[] = [];

  get aborted(): boolean {
    return this.gone;
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    if (!this.gone) this.listeners.push(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    const i = this.listeners.indexOf(listener);
    if (i >= 0) this.listeners.splice(i, 1);
  }

  /** Marks the client gone and calls each listener once. */
  abort(): void {
    if (this.gone) return;
    this.gone = true;
    const listeners = this.listeners;
    this.listeners = [];
    for (const l of listeners) l();
  }
}

export interface ApiResult {
  status: number;
  /** JSON-serialised unless it is a Buffer, an array of Buffers (sent one after the other) or a string (sent as is) */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: ApiRequest) => ApiResult | Promise<ApiResult>;

interface Route {
  method: string;
  parts: string[];
  handler: Handler;
}

export class Router {
  private routes: Route[] = [];
  private hidden: Array<(path: string) => boolean> = [];

  /**
   * Hides every route whose path `predicate` accepts: such a request is answered as one to a
   * path the server does not know (404), before any other check, as a platform without that call
   * would answer it (strict platform mode, http/assumedCalls.ts).
   */
  hide(predicate: (path: string) => boolean): this {
    this.hidden.push(predicate);
    return this;
  }

  add(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, parts: split(pattern), handler });
    return this;
  }

  get(pattern: string, handler: Handler): this {
    return this.add('GET', pattern, handler);
  }

  post(pattern: string, handler: Handler): this {
    return this.add('POST', pattern, handler);
  }

  /**
   * Wraps the handler of a registered route (method and pattern as registered), so a concern
   * such as attempt limits can be added around another part's route; false when none matches.
   */
  wrap(method: string, pattern: string, wrapper: (inner: Handler) => Handler): boolean {
    const parts = split(pattern).join('/');
    let found = false;
    for (const route of this.routes) {
      if (route.method !== method || route.parts.join('/') !== parts) continue;
      route.handler = wrapper(route.handler);
      found = true;
    }
    return found;
  }

  /** Finds the handler; `methodMismatch` tells 405 from 404. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | { methodMismatch: boolean } {
    for (const hidden of this.hidden) if (hidden(path)) return { methodMismatch: false };
    const parts = split(path);
    let methodMismatch = false;
    for (const route of this.routes) {
      // literal segments first: most routes fail there, before any parameter is decoded
      if (route.parts.length !== parts.length || !literalsMatch(route.parts, parts)) continue;
      const params = matchParts(route.parts, parts);
      if (!params) continue;
      if (route.method !== method) {
        methodMismatch = true;
        continue;
      }
      return { handler: route.handler, params };
    }
    return { methodMismatch };
  }
}

function literalsMatch(pattern: string[], parts: string[]): boolean {
  for (let i = pattern.length - 1; i >= 0; i--) {
    const p = pattern[i];
    if (p.charCodeAt(0) !== 58 /* ':' */ && p !== parts[i]) return false;
  }
  return true;
}

function split(path: string): string[] {
  return path.split('/').filter((p) => p.length > 0);
}

function matchParts(pattern: string[], parts: string[]): Record<string, string> | null {
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const p = pattern[i];
    if (p.startsWith(':')) {
      try {
        params[p.slice(1)] = decodeURIComponent(parts[i]);
      } catch {
        return null;
      }
    } else if (p !== parts[i]) return null;
  }
  return params;
}

/** Whether an answer's body is a list of chunks to send one after the other (see {@link ApiResult.body}). */
export function isChunkList(body: unknown): body is Buffer[] {
  return Array.isArray(body) && body.length > 0 && body.every((c) => Buffer.isBuffer(c));
}

/** JSON answer helper. */
export function json(status: number, body: unknown, headers?: Record<string, string>): ApiResult {
  return { status, body, headers };
}
