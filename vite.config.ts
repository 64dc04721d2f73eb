/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', routesDirectory: r('./src/routes'), generatedRouteTree: r('./src/routeTree.gen.ts') }),
    react({ babel: { plugins: ['@lingui/babel-plugin-lingui-macro'] } }),
    lingui(),
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
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: { proxy: { '/rest': 'http://127.0.0.1:8080', '/api': 'http://127.0.0.1:8080', '/oem': 'http://127.0.0.1:8080', '/status': 'http://127.0.0.1:8080', '/app1': 'http://127.0.0.1:8080' } },
  test: {
    include: ['protocol/**/*.test.ts', 'machines/**/*.test.ts', 'server/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
