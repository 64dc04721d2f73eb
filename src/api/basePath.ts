/**
 * The frame base-path prefix. The console may be served under a path prefix (for example
 * `/console/` when a platform embeds it in a frame); every API path is then requested under the
 * same prefix (`/console/rest/v1/...`). The prefix is what remains of `location.pathname` once
 * the route part (`/`, `/login`, `/control`, `/layout`, or a built `index.html`) is removed.
 *
 * Signatures never cover the prefix: it belongs to where the console is served, and the server
 * strips it before routing and verifying (protocol/signing.ts).
 */

import { CONSOLE_ROUTES } from '@protocol/consoleRoutes';

/**
 * The prefix of a pathname, without trailing slash; `''` when the console is at the root.
 * @example basePathFromPathname('/console/control') === '/console'
 * @example basePathFromPathname('/login') === ''
 */
export function basePathFromPathname(pathname: string): string {
  let p = pathname.split(/[?#]/)[0] || '/';
  if (!p.startsWith('/')) p = `/${p}`;
  p = p.replace(/\/index\.html$/, '/');
  for (const route of CONSOLE_ROUTES) {
    if (p === route || p === `${route}/`) return '';
    if (p.endsWith(route)) return trimSlashes(p.slice(0, -route.length));
    if (p.endsWith(`${route}/`)) return trimSlashes(p.slice(0, -route.length - 1));
  }
  return trimSlashes(p);
}

function trimSlashes(p: string): string {
  const t = p.replace(/\/+$/, '');
  return t === '' ? '' : t.startsWith('/') ? t : `/${t}`;
}

/** The prefix of the page the console runs in; `''` outside a browser. */
export function currentBasePath(): string {
  const loc = (globalThis as { location?: Location }).location;
  return loc?.pathname ? basePathFromPathname(loc.pathname) : '';
}

/**
 * An API path under the prefix.
 * @example withBasePath('/console', '/rest/v1/meetings/verify-code') === '/console/rest/v1/meetings/verify-code'
 */
export function withBasePath(basePath: string, path: string): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  return `${trimSlashes(basePath)}${clean}`;
}

/**
 * Where API requests go by default: the page's origin plus its prefix. Outside a browser there
 * is no default; callers (tests, Node) pass `baseUrl`.
 */
export function defaultBaseUrl(): string {
  const loc = (globalThis as { location?: Location }).location;
  if (!loc?.origin || loc.origin === 'null') return '';
  return loc.origin + currentBasePath();
}
