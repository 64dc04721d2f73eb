/**
 * The JavaScript each route of the built console loads before it can draw (issue 15): from the
 * build's manifest (dist/.vite/manifest.json, `build.manifest` in vite.config.ts), the static
 * import closure of the page's entry plus the route's own chunks (its component and those of the
 * layout routes above it), summed gzip (level 9, as a server would send it). Dynamic imports —
 * the dialogs, the charts, the media layer, catalogs — are not part of it: they load when used.
 * The catalog of the current language is listed apart: it loads in parallel before the first paint.
 *
 * Run: `npx tsx bench/bundle.ts` after `npm run build` (or `npm run bench -- bundle`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { reportFigure } from './figures';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Target of issue 15: the login route loads at most 150 KB gzip of JavaScript. */
const LOGIN_LIMIT_KB = 150;

// `DIST_DIR=…` measures another build (e.g. the parent commit's), as bench/delivery.ts does
const dist = join(process.cwd(), process.env.DIST_DIR ?? 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
const gzipCache = new Map<string, number>();
const gzipBytes = (file: string) => {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, n);
  }
  return n;
};

/** Every chunk a set of manifest keys imports statically, themselves included. */
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`bench/bundle: ${key} is not in the manifest`);
    seen.add(key);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const kib = (bytes: number) => bytes / 1024;
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) throw new Error('bench/bundle: no entry in the manifest');

/** The route files whose chunks a page needs: the route and the layout routes above it. */
const routes: { page: string; files: string[] }[] = [
  { page: '/login', files: ['src/routes/login.tsx'] },
  { page: '/', files: ['src/routes/index.tsx'] },
  { page: '/control', files: ['src/routes/_authed.tsx', 'src/routes/_authed/control.tsx'] },
  { page: '/layout', files: ['src/routes/_authed.tsx', 'src/routes/_authed/layout.tsx'] },
];
/** A route file's chunks: the file itself when not split, else its `?tsr-split=…` parts. */
const chunksOf = (file: string) => Object.keys(manifest).filter((k) => k === file || k.startsWith(`${file}?tsr-split=`));
/** Shared chunks are named by their output file: find the one a route's component ended up in. */
const routeChunkKeys = (file: string) => {
  const own = chunksOf(file);
  if (own.length > 0) return own;
  const base = file
    .split('/')
    .pop()!
    .replace(/\.tsx$/, '');
  return Object.keys(manifest).filter((k) => manifest[k].src === undefined && k.startsWith(`_${base}-`));
};

const sessionKey = Object.keys(manifest).find((k) => k.endsWith('session/createSessionActor.ts'));
const rows: string[][] = [];
for (const { page, files } of routes) {
  const keys = [entry, ...files.flatMap(routeChunkKeys)];
  // pages behind the login also wait for the session machines (the _authed route awaits them)
  if (page === '/control' || page === '/layout') if (sessionKey) keys.push(sessionKey);
  const closure = staticClosure(keys);
  let bytes = 0;
  for (const key of closure) bytes += gzipBytes(manifest[key].file);
  const limit = page === '/login' || page === '/' ? LOGIN_LIMIT_KB : undefined;
  reportFigure({ figure: `console: initial JS of ${page} (gzip)`, value: kib(bytes), unit: 'KiB', max: limit });
  rows.push([page, `${kib(bytes).toFixed(1)} KiB`, String(closure.size), limit === undefined ? '' : `≤ ${limit} KiB`]);
}
let all = 0;
for (const chunk of Object.values(manifest)) if (chunk.file.endsWith('.js')) all += gzipBytes(chunk.file);
reportFigure({ figure: 'console: all JS of the build (gzip)', value: kib(all), unit: 'KiB' });
const largest = Object.values(manifest)
  .filter((c) => c.file.endsWith('.js'))
  .map((c) => ({ file: c.file, gz: gzipBytes(c.file) }))
  .sort((a, b) => b.gz - a.gz)[0];
reportFigure({
  figure: `console: largest chunk (${largest.file.replace(/^assets\//, '').replace(/-[\w-]+\.js$/, '')}, gzip)`,
  value: kib(largest.gz),
  unit: 'KiB',
});

console.log('[bundle] initial JavaScript per route (static import closure, gzip -9):');
for (const r of rows) console.log(`         ${r[0].padEnd(9)} ${r[1].padStart(11)} in ${r[2].padStart(2)} chunks ${r[3]}`);
console.log(`         all JavaScript ${kib(all).toFixed(1)} KiB; largest chunk ${largest.file} ${kib(largest.gz).toFixed(1)} KiB`);
