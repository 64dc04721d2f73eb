/**
 * The entry brings only the login screen's share of Mantine's styles (loginScreen.ts); these tests
 * keep that share complete as the login screen changes, and keep every other screen loading the
 * rest before it draws. They read the sources (the static imports, as the bundler follows them),
 * not a build.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { LOGIN_SCREEN_COMPONENTS } from './loginScreen';
import { stylesBeforeScreen } from './loadAllStyles';

const root = join(__dirname, '..', '..');
const mantineEsm = join(root, 'node_modules', '@mantine', 'core', 'esm');
const mantineStyles = join(root, 'node_modules', '@mantine', 'core', 'styles');

const ALIASES: [string, string][] = [
  ['#/', 'src/'],
  ['@protocol/', 'protocol/'],
  ['@machines/', 'machines/'],
];

/** A project import's file, or null for a package or a stylesheet. */
function resolveProject(from: string, spec: string): string | null {
  let base: string | null = null;
  if (spec.startsWith('.')) base = join(dirname(from), spec);
  for (const [alias, dir] of ALIASES) if (spec.startsWith(alias)) base = join(root, dir, spec.slice(alias.length));
  if (base === null || /\.(css|po|svg|png)$/.test(base)) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`stylesSplit: cannot resolve ${spec} from ${relative(root, from)}`);
}

/** The static (not `import()`, not type-only) imports of a source: specifier and named bindings. */
function staticImports(source: string): { spec: string; names: string[] }[] {
  const found: { spec: string; names: string[] }[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?([\s\S]*?)\s*from\s*['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;
  for (const m of source.matchAll(re)) {
    if (m[5]) {
      found.push({ spec: m[5], names: [] });
      continue;
    }
    if (m[2]) continue;
    const names = [...(m[3].match(/\{([\s\S]*)\}/)?.[1] ?? '').split(',')]
      .map((n) => n.trim())
      .filter((n) => n !== '' && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]);
    found.push({ spec: m[4], names });
  }
  return found;
}

/**
 * The Mantine names the entry and the login route import. The route tree is not followed: the
 * router's code splitting puts each route's component in a chunk of its own, so the login
 * screen's share is main.tsx's own imports, the root route's and the two login routes'.
 */
function mantineNamesOfLogin(): Set<string> {
  const starts = ['src/main.tsx', 'src/routes/__root.tsx', 'src/routes/login.tsx', 'src/routes/index.tsx'].map((f) => join(root, f));
  const seen = new Set<string>();
  const names = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || file.endsWith('routeTree.gen.ts')) return;
    seen.add(file);
    for (const { spec, names: bound } of staticImports(readFileSync(file, 'utf8'))) {
      if (spec === '@mantine/core') bound.forEach((n) => names.add(n));
      const next = resolveProject(file, spec);
      if (next) visit(next);
    }
  };
  starts.forEach(visit);
  return names;
}

/** Mantine component folders (esm/components/<Dir>) reached from these exported names. */
function mantineComponentDirs(names: Set<string>): Set<string> {
  const componentsDir = join(mantineEsm, 'components');
  const fileOf = new Map<string, string>();
  for (const dir of readdirSync(componentsDir)) {
    const walk = (d: string) => {
      for (const entry of readdirSync(d)) {
        const p = join(d, entry);
        if (statSync(p).isDirectory()) walk(p);
        else if (entry.endsWith('.mjs')) fileOf.set(entry.replace(/\.mjs$/, ''), p);
      }
    };
    walk(join(componentsDir, dir));
  }
  const dirs = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const rel = relative(componentsDir, file);
    if (!rel.startsWith('..')) dirs.add(rel.split(/[\\/]/)[0]);
    for (const m of readFileSync(file, 'utf8').matchAll(/from\s*['"](\.[^'"]+\.mjs)['"]/g)) visit(join(dirname(file), m[1]));
  };
  for (const name of names) {
    const file = fileOf.get(name);
    if (file) visit(file);
  }
  return dirs;
}

describe('the login screen’s share of Mantine’s styles', () => {
  it('has the styles of every Mantine component the entry and the login route draw', () => {
    const names = mantineNamesOfLogin();
    // the walk finds the login form's fields: a walk that found nothing would pass vacuously
    expect(names).toContain('PasswordInput');
    const dirs = mantineComponentDirs(names);
    expect(dirs).toContain('Input');
    const styled = [...dirs].filter((d) => existsSync(join(mantineStyles, `${d}.layer.css`))).sort();
    const missing = styled.filter((d) => !(LOGIN_SCREEN_COMPONENTS as readonly string[]).includes(d));
    expect(missing).toEqual([]);
  });

  it('imports each listed component’s stylesheet, and only those', () => {
    const source = readFileSync(join(__dirname, 'loginScreen.ts'), 'utf8');
    const imported = [...source.matchAll(/@mantine\/core\/styles\/([A-Za-z]+)\.layer\.css/g)].map((m) => m[1]);
    expect(imported.filter((c) => /^[A-Z]/.test(c))).toEqual([...LOGIN_SCREEN_COMPONENTS]);
    for (const core of ['baseline', 'default-css-variables', 'global']) expect(source).toContain(`@mantine/core/styles/${core}.layer.css`);
  });
});

describe('the screens beyond the login', () => {
  it('wait for every Mantine style; the login screen does not', () => {
    const load = vi.fn(() => Promise.resolve());
    for (const path of ['/control', '/layout', '/report', '/frame/x/control']) {
      expect(stylesBeforeScreen(path, path.startsWith('/frame') ? '/frame/x' : '/', load)).toBeInstanceOf(Promise);
    }
    expect(load).toHaveBeenCalledTimes(4);
    for (const path of ['/', '/login', '/frame/x/login'])
      expect(stylesBeforeScreen(path, path.startsWith('/frame') ? '/frame/x' : '/', load)).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('the root route asks for them before any screen draws', () => {
    const source = readFileSync(join(root, 'src', 'routes', '__root.tsx'), 'utf8');
    // the root's beforeLoad waits for the styles (and, since the login catalog split, the full catalog)
    expect(source).toMatch(/beforeLoad: \(\{ location \}\) => \{[^}]*stylesBeforeScreen\(location\.pathname\)/);
  });
});
