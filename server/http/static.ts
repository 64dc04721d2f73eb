/**
 * Serves the built console from `dist/`: files with their content type and cache policy, and
 * index.html for the console's routes (single-page app). Hashed assets are cached for a year;
 * index.html is revalidated every time so a new build is picked up at once.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';

/** Console routes answered with index.html (spec §2). */
export const SPA_ROUTES = new Set(['/', '/login', '/control', '/layout']);

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
  /** the page headers of http/securityHeaders.ts (CSP with the deployment's frame ancestors…) */
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
    res.writeHead(503, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store', ...SECURITY_HEADERS, ...pageHeaders, 'Content-Security-Policy': MISSING_BUILD_CSP });
    res.end(method === 'HEAD' ? undefined : MISSING_BUILD);
    return true;
  }

  const isHtml = file.endsWith('.html');
  const hashedAsset = /(^|\/)assets\//.test(relative) && !isHtml;
  res.writeHead(200, {
    'Content-Type': contentTypeOf(file),
    'Content-Length': String(size),
    'Last-Modified': mtime.toUTCString(),
    'Cache-Control': hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
    // no X-Frame-Options: the CSP's frame-ancestors says who may frame the console
    ...SECURITY_HEADERS,
    ...pageHeaders,
  });
  if (method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(file);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    stream.on('end', resolve);
    stream.pipe(res);
  });
  return true;
}
