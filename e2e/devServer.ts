/**
 * Starts the console's Vite development server (`vite`, what `npm run dev` runs) as a child
 * process on a free port, proxying the API to a test server (PODIUM_API_URL, vite.config.ts).
 * The development build differs from the production one in ways that matter to behaviour:
 * React's StrictMode mounts every component twice and `import.meta.env.DEV` code runs.
 */
import { freePort, spawnLogged, waitForHttp } from './server';

export interface DevServer {
  baseURL: string;
  stop(): Promise<void>;
}

export async function startDevServer(apiURL: string): Promise<DevServer> {
  const port = await freePort();
  const { child, stop } = spawnLogged(
    'vite',
    ['--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    { ...process.env, PODIUM_API_URL: apiURL, NODE_ENV: 'development' },
    `vite-dev-${port}.log`,
  );
  const baseURL = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${baseURL}/`, child, 60_000);
  } catch (e) {
    await stop();
    throw new Error(`vite did not answer ${baseURL} (test-results/vite-dev-${port}.log): ${(e as Error).message}`);
  }
  return { baseURL, stop };
}
