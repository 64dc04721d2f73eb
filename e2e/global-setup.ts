import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * The suite runs against the built console. `npm test` builds right before; a direct
 * `npx playwright test` builds once when no build exists (rebuild yourself after changing src/).
 */
export default function globalSetup(): void {
  const root = process.cwd();
  if (existsSync(join(root, 'dist', 'index.html'))) return;
  console.log('e2e: no dist/ build found, running npm run build');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('e2e: npm run build failed');
}
