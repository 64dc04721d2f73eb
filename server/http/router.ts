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
  /** aborts when the client goes away: long polls must stop waiting */
  signal: AbortSignal;
  /** the controller session, set by the signature check on per-session paths */
  session?: { sessId: string; mrId: string; role: 'host' | 'supervisor' };
}

export interface ApiResult {
  status: number;
  /** JSON-serialised unless it is a Buffer or string (then sent as is) */
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

  /** Finds the handler; `methodMismatch` tells 405 from 404. */
  match(method: string, path: string): { handler: Handler; params: Record<string, string> } | { methodMismatch: boolean } {
    const parts = split(path);
    let methodMismatch = false;
    for (const route of this.routes) {
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

/** JSON answer helper. */
export function json(status: number, body: unknown, headers?: Record<string, string>): ApiResult {
  return { status, body, headers };
}
