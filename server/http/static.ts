/**
 * Serves the built console from `dist/`: files with their content type and cache policy, and
 * index.html for the console's routes (single-page app). Hashed assets are cached for a year;
 * index.html is revalidated every time (ETag / Last-Modified, 304) so a new build is picked up at
 * once. Each file goes out in the best coding the browser accepts among the `.br` and `.gz`
 * siblings the build wrote (issue 27), with `Vary: Accept-Encoding`; a range request gets a range
 * of the plain file.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { CONSOLE_ROUTES } from '../../protocol/consoleRoutes';
import { preferredCoding, type Coding } from './encoding';

/** Console routes answered with index.html (spec §2): the root and the console's own pages. */
export const SPA_ROUTES = new Set<string>(['/', ...CONSOLE_ROUTES]);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.webmanifest': 'application/manifest+json',
};

const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'same-origin',
};

/**
 * A file the browser may show as a page of its own (an SVG runs script when opened directly), so
 * the page policies of http/securityHeaders.ts must come with it.
 */
export function isDocument(path: string): boolean {
  const ext = extname(path).toLowerCase();
  return ext === '.html' || ext === '.svg';
}

export function contentTypeOf(path: string): string {
  return TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

const MISSING_BUILD_CSP = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'";

const MISSING_BUILD = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Podium: console not built</title></head>
<body style="font-family:sans-serif;max-width:40em;margin:4em auto">
<h1>The console has not been built</h1>
<p>The server is running, but <code>dist/</code> holds no console. Build it with</p>
<pre>npm run build</pre>
<p>and reload this page (or start everything with <code>npm start</code>, which builds when needed).</p>
<p lang="zh">控制台尚未构建：请运行 <code>npm run build</code> 后刷新本页。</p>
</body></html>
`;

/**
 * Answers a GET/HEAD for a non-API path. Returns false when nothing matches (the caller answers
 * 404). `path` is already stripped of the base path.
 */
export async function serveStatic(
  distDir: string,
  path: string,
  method: string,
  res: ServerResponse,
  /** the page headers of http/securityHeaders.ts (CSP with the deployment's frame ancestors…), sent with documents only */
  pageHeaders: Record<string, string> = {},
): Promise<boolean> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return false;
  }
  if (decoded.includes('\0')) return false;
  const isRoute = SPA_ROUTES.has(decoded.replace(/\/+$/, '') || '/');
  const relative = isRoute ? 'index.html' : decoded.replace(/^\/+/, '');
  const file = normalize(join(distDir, relative));
  // never leave dist/, whatever dots or encoded slashes the path holds
  if (file !== distDir && !file.startsWith(distDir.endsWith(sep) ? distDir : distDir + sep)) return false;

  let size: number;
  let mtime: Date;
  try {
    const st = await stat(file);
    if (!st.isFile()) return false;
    size = st.size;
    mtime = st.mtime;
  } catch {
    if (!isRoute) return false;
    // the missing-build page has one inline style attribute: it keeps a CSP of its own
    res.writeHead(503, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...SECURITY_HEADERS,
      ...pageHeaders,
      'Content-Security-Policy': MISSING_BUILD_CSP,
    });
    res.end(method === 'HEAD' ? undefined : MISSING_BUILD);
    return true;
  }

  const isHtml = file.endsWith('.html');
  const hashedAsset = /(^|\/)assets\//.test(relative) && !isHtml;
  const request = res.req;
  const range = request?.headers.range;
  // a range addresses the plain file's bytes: a range request gets the plain file
  const variants = range ? [] : await precompressedVariants(file, mtime);
  const coding = variants.length
    ? preferredCoding(
        request?.headers['accept-encoding'],
        variants.map((v) => v.coding),
      )
    : 'identity';
  const variant = variants.find((v) => v.coding === coding);
  const sentFile = variant?.path ?? file;
  const sentSize = variant?.size ?? size;
  const etag = `"${size.toString(36)}-${Math.floor(mtime.getTime()).toString(36)}${coding === 'identity' ? '' : `-${coding}`}"`;
  const headers: Record<string, string> = {
    'Content-Type': contentTypeOf(file),
    'Last-Modified': mtime.toUTCString(),
    ETag: etag,
    'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    'Accept-Ranges': 'bytes',
    // no X-Frame-Options: the CSP's frame-ancestors says who may frame the console
    ...SECURITY_HEADERS,
    // a policy acts on the document it comes with: a script, style or font sent with one ignores it,
    // and the console starts no worker, so only what can be a document carries them
    ...(isDocument(file) ? pageHeaders : {}),
  };
  if (variants.length || (range && (await hasPrecompressed(file)))) headers.Vary = 'Accept-Encoding';
  if (variant) headers['Content-Encoding'] = coding;
  if (isHtml && headers['Content-Security-Policy']) {
    headers['Content-Security-Policy'] = withInlineScriptHashes(headers['Content-Security-Policy'], await inlineScriptHashes(file, mtime));
  }

  if (notModified(request?.headers, etag, mtime)) {
    delete headers['Content-Type'];
    res.writeHead(304, headers);
    res.end();
    return true;
  }

  let start = 0;
  let end = sentSize - 1;
  let status = 200;
  if (range) {
    const wanted = parseRange(range, size);
    if (wanted === 'unsatisfiable') {
      res.writeHead(416, { ...headers, 'Content-Range': `bytes */${size}`, 'Content-Length': '0' });
      res.end();
      return true;
    }
    if (wanted) {
      ({ start, end } = wanted);
      status = 206;
      headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
    }
  }
  headers['Content-Length'] = String(end - start + 1);
  res.writeHead(status, headers);
  if (method === 'HEAD' || end < start) {
    res.end();
    return true;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(sentFile, { start, end });
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    stream.on('end', resolve);
    stream.pipe(res);
  });
  return true;
}

interface Variant {
  coding: Exclude<Coding, 'identity'>;
  path: string;
  size: number;
}

/** The build's `.br` and `.gz` siblings of `file` (scripts/build/compressAssets.ts), when as new as it. */
async function precompressedVariants(file: string, mtime: Date): Promise<Variant[]> {
  const found: Variant[] = [];
  for (const [coding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    try {
      const st = await stat(file + suffix);
      // a sibling older than its file was left by an earlier build: never serve stale bytes
      if (st.isFile() && st.mtimeMs >= mtime.getTime() - 1000) found.push({ coding, path: file + suffix, size: st.size });
    } catch {
      // no such variant
    }
  }
  return found;
}

async function hasPrecompressed(file: string): Promise<boolean> {
  return (await precompressedVariants(file, new Date(0))).length > 0;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n` (one range; several are answered whole, as RFC 9110 allows). */
export function parseRange(header: string, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (end < start && m[2] !== '') return null;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

function notModified(headers: IncomingHttpHeaders | undefined, etag: string, mtime: Date): boolean {
  const ifNoneMatch = headers?.['if-none-match'];
  if (ifNoneMatch) return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag || tag.trim() === '*');
  const since = headers?.['if-modified-since'];
  if (!since) return false;
  const t = Date.parse(since);
  return !Number.isNaN(t) && Math.floor(mtime.getTime() / 1000) * 1000 <= t;
}

const scriptHashCache = new Map<string, { mtimeMs: number; hashes: string[] }>();

/**
 * The CSP sources of index.html's inline scripts (the login shell picks its language before the
 * first paint: scripts/build/loginShell.ts). Computed from the served file itself, so the policy
 * always allows exactly the scripts this build carries and nothing else.
 */
async function inlineScriptHashes(file: string, mtime: Date): Promise<string[]> {
  const cached = scriptHashCache.get(file);
  if (cached && cached.mtimeMs === mtime.getTime()) return cached.hashes;
  const html = await readFile(file, 'utf8');
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)]
    .map((m) => m[1])
    .filter((body) => body.trim() !== '')
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  scriptHashCache.set(file, { mtimeMs: mtime.getTime(), hashes });
  return hashes;
}

export function withInlineScriptHashes(csp: string, hashes: string[]): string {
  if (hashes.length === 0) return csp;
  return csp.replace(
    /(^|;\s*)script-src ([^;]*)/,
    (_all, lead: string, sources: string) => `${lead}script-src ${sources} ${hashes.join(' ')}`,
  );
}
