import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

/**
 * The suite runs against the built console. `npm test` builds right before; a direct
 * `npx playwright test` builds once when no build exists (rebuild yourself after changing src/).
 * With `DIST_DIR` the servers serve that build (server/config.ts): it is used as it is, and a
 * missing one is an error, not a reason to build dist/ (which the servers would not serve).
 */
export default function globalSetup(): void {
  const root = process.cwd();
  const chosen = process.env.DIST_DIR;
  if (chosen) {
    if (existsSync(resolve(root, chosen, 'index.html'))) return;
    throw new Error(`e2e: DIST_DIR=${chosen} has no index.html; build it first (npx vite build --outDir ${chosen})`);
  }
  if (existsSync(join(root, 'dist', 'index.html'))) return;
  console.log('e2e: no dist/ build found, running npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('e2e: npm run build failed');
}
