/**
 * What both ways of serving share (the reference server, server/app.ts, and the upstream proxy,
 * upstreamProxy.ts): the logger, the handle a started server hands back, which paths are the
 * API, the frame base path, the client's address and the host shown in URLs.
 */
import type { IncomingMessage, Server } from 'node:http';

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
}

export const consoleLogger: Logger = {
  info: (m) => console.log(m),
  warn: (m) => console.warn(m),
  error: (m, e) => console.error(m, e ?? ''),
};

export interface RunningServer {
  /** where the console is served: origin plus base path, no trailing slash */
  url: string;
  /** origin only (`http://127.0.0.1:8080`) */
  origin: string;
  port: number;
  server: Server;
  /** stops accepting, ends pending long polls, closes every connection */
  close(): Promise<void>;
}

const API_PREFIXES = ['/rest/', '/api/', '/status/', '/oem/', '/app1/'];

/** Whether an (unprefixed) path belongs to the API rather than the console's files. */
export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((p) => path.startsWith(p));
}

/** Removes the frame base path; paths without it are returned unchanged. */
export function stripBasePath(basePath: string, path: string): string {
  if (basePath === '') return path;
  if (path === basePath) return '/';
  if (path.startsWith(`${basePath}/`)) return path.slice(basePath.length);
  return path;
}

/** Client address: the socket's, or the proxy-appended X-Forwarded-For entry when trusted. */
export function clientIp(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = req.headers['x-forwarded-for'];
    const list = (Array.isArray(fwd) ? fwd.join(',') : (fwd ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length > 0) return list[list.length - 1];
  }
  const addr = req.socket.remoteAddress ?? '';
  return addr.startsWith('::ffff:') ? addr.slice(7) : addr;
}

export function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
