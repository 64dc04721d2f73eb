/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import { compressAssets } from './scripts/build/compressAssets';
import { loginShell, loginStylesLayer } from './scripts/build/loginShell';
import { loginCatalog } from './scripts/build/loginCatalog';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// `npm run dev` proxies the API to a reference server; PODIUM_API_URL points it elsewhere
// (the dev-server e2e spec runs one on a free port).
const apiTarget = process.env.PODIUM_API_URL ?? 'http://127.0.0.1:8080';
const apiProxy = Object.fromEntries(['/rest', '/api', '/oem', '/status', '/app1'].map((prefix) => [prefix, apiTarget]));

export default defineConfig({
  plugins: [
    // autoCodeSplitting: each route's component (and loader) is its own chunk, loaded when the route
    // is entered, so the login screen does not wait for the control screen's code. Not under
    // Vitest: the unit tests render routes, they do not measure loading.
    tanstackRouter({
      target: 'react',
      routesDirectory: r('./src/routes'),
      generatedRouteTree: r('./src/routeTree.gen.ts'),
      autoCodeSplitting: !process.env.VITEST,
      // except the login screen (/login and /): the first screen of nearly every visit, of no
      // use before its component has loaded, so it comes with the entry. Split, it came as nine
      // chunks of 0.3-3 KiB Brotli (most split off because a later screen shares a Mantine input
      // with it), each with ~0.42 KiB of response headers, compressed on its own and fetched only
      // once the entry had run (issue 27: /login over the wire)
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/login' || routeId === '/' ? [] : undefined) },
    }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
    // the login screen's share of each catalog (after the macro, whose output it reads the ids from)
    loginCatalog(),
    // the login form (or the control screen's header) painted by index.html before any script
    loginShell(),
    // the entry's share of Mantine's styles ranks below the whole stylesheet (src/styles)
    loginStylesLayer(),
    // .br and .gz beside every text file, served by server/http/static.ts (issue 27)
    compressAssets(),
  ],
  resolve: {
    alias: {
      '#': r('./src'),
      '@protocol': r('./protocol'),
      '@machines': r('./machines'),
    },
  },
  // The console is served under a frame base-path prefix when embedded; relative asset
  // URLs keep it working at any prefix.
  base: './',
  // manifest: bench/bundle.ts reads each route's initial JavaScript from it (.vite/manifest.json).
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      // machines/ and protocol/ only define machines, types and functions: importing one of
      // their modules has no effect of its own. Said so, Rollup leaves the machines that the
      // login screen does not use (all but the login machine, reached through the
      // machines/index.ts barrel) out of its chunks; otherwise each `createMachine(...)` call
      // counts as a side effect and pulls every machine into the first chunk that imports the barrel.
      treeshake: { moduleSideEffects: (id, external) => external || !/[\\/](machines|protocol)[\\/]/.test(id) },
      // No manual chunks: XState had one of its own while the login route was split (the route and
      // the session machines both needed it); with the login screen in the entry it is part of
      // the entry, one request and ~1.3 KiB of Brotli fewer than beside it.
    },
  },
  server: { proxy: apiProxy },
  test: {
    include: ['protocol/**/*.test.ts', 'machines/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // the tests wait more than they compute (real timers, servers, sockets): three forks on two
    // cores took 136 s where the default two took 185 s
    maxWorkers: 3,
    setupFiles: ['src/testing/setup.ts'],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
