/**
 * Starts the reference server (`tsx server/main.ts`) as a child process for the tests: a free
 * port, a fresh temporary data directory, a known verify code, a small simulated population and
 * a few steady endpoints (SIM_STEADY_ENDPOINTS) for the specs to act on.
 *
 * A platform-mode server hands the console no signing credentials (as no evidence shows the
 * platform doing), so it is reached as the real platform would be: through the console server
 * started with `--upstream` in front of it, signing with the same DEV_ID/DEV_TOKEN.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Every verify code of a test server equals this (CAPTCHA_TEST_CODE). */
export const TEST_CODE = 'E2ET';

export const DEMO = { mrId: '8008038', hostPwd: '123456', supervisorPwd: '654321' } as const;

/**
 * DEV_ID / DEV_TOKEN of every test server (and of the proxy in front of a platform-mode one). The
 * API checkers sign with them where getPlatform hands out none.
 */
export const E2E_DEV = { devid: 'podium-e2e', devtoken: 'podium-e2e-token' } as const;

/**
 * Steady endpoints of a test server (`steady.01`… "Steady 01"…, server/sim/steady.ts): they stay
 * online and only obey controllers, so a spec that acts on "some participant" takes one of them
 * and cannot lose it to the simulation. The page objects pick only these, and call back the ones
 * an earlier spec hung up or refused.
 */
export const STEADY_ENDPOINTS = 6;

export interface TestServer {
  baseURL: string;
  port: number;
  mrId: string;
  hostPwd: string;
  supervisorPwd: string;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  /** extra environment (e.g. DEMO_MR_ID) */
  env?: Record<string, string>;
  /**
   * the server's `WIRE` mode; default: the `WIRE` of the test run's environment, else podium.
   * Platform mode signs compat, so a `SIGNING` of the environment is dropped with it.
   */
  wire?: 'podium' | 'platform';
  /**
   * platform mode only: false reaches the server directly instead of through a signing
   * `--upstream` proxy (a spec that puts its own proxy in front); default true
   */
  signingProxy?: boolean;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`server did not answer ${url} within ${timeoutMs} ms`);
}

/** Ends a child process: SIGTERM, then SIGKILL after 5 s; resolves once it has exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `bin` of node_modules/.bin with its output in test-results/<logName>; `stop` ends it
 * (SIGTERM, then SIGKILL) and closes the log.
 */
export function spawnLogged(
  bin: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  logName: string,
): { child: ChildProcess; stop: () => Promise<void> } {
  const root = process.cwd();
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const log = createWriteStream(join(root, 'test-results', logName));
  const child = spawn(join(root, 'node_modules', '.bin', bin), args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return {
    child,
    stop: async () => {
      await stopChild(child);
      log.end();
    },
  };
}

/**
 * A platform-mode server with the signing console server in front: `baseURL` is the proxy's, so
 * the browser and the API checkers all go through it, as in front of the real platform.
 */
async function startBehindProxy(env: NodeJS.ProcessEnv, options: TestServerOptions): Promise<TestServer> {
  const platform = await startTestServer({ ...options, env: { ...options.env, WIRE: 'platform' }, signingProxy: false });
  let proxy: TestServer;
  try {
    proxy = await startTestServer({
      env: {
        UPSTREAM_URL: platform.baseURL,
        DEV_ID: env.DEV_ID!,
        DEV_TOKEN: env.DEV_TOKEN!,
        WIRE: 'podium',
        BASE_PATH: env.BASE_PATH ?? '',
      },
    });
  } catch (e) {
    await platform.stop();
    throw e;
  }
  return {
    ...platform,
    baseURL: proxy.baseURL,
    port: proxy.port,
    stop: async () => {
      await proxy.stop();
      await platform.stop();
    },
  };
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const root = process.cwd();
  // a spec that restarts a server on the same address names its port (PORT of env)
  const port = options.env?.PORT ? Number(options.env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'podium-e2e-data-'));
  const logPath = join(root, 'test-results', `server-${port}.log`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CAPTCHA_TEST_CODE: TEST_CODE,
    SIM_ENDPOINTS: '6',
    SIM_STEADY_ENDPOINTS: String(STEADY_ENDPOINTS),
    DEMO_MR_ID: DEMO.mrId,
    DEMO_HOST_PWD: DEMO.hostPwd,
    DEMO_SUPERVISOR_PWD: DEMO.supervisorPwd,
    // the demo tenant's service ends in a year: no expiry reminder at login stands in a spec's way
    // (the reminder's own spec sets 20 days)
    DEMO_SERVICE_DAYS: '365',
    DEV_ID: E2E_DEV.devid,
    DEV_TOKEN: E2E_DEV.devtoken,
    ...options.env,
  };
  if (options.wire) env.WIRE = options.wire;
  if (env.WIRE === 'platform' && env.SIGNING === 'strict') delete env.SIGNING;
  if (env.WIRE === 'platform' && !env.UPSTREAM_URL && options.signingProxy !== false) return startBehindProxy(env, options);
  const { child, stop: stopServer } = spawnLogged('tsx', ['server/main.ts'], env, `server-${port}.log`);
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopServer();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHttp(`${baseURL}/`, child, 60_000);
  } catch (e) {
    await stop();
    let output = '';
    try {
      output = readFileSync(logPath, 'utf8').slice(-4000);
    } catch {
      // no log
    }
    throw new Error(`${(e as Error).message}\n--- server log (${logPath}) ---\n${output}`);
  }
  return {
    baseURL,
    port,
    mrId: env.DEMO_MR_ID!,
    hostPwd: env.DEMO_HOST_PWD!,
    supervisorPwd: env.DEMO_SUPERVISOR_PWD!,
    stop,
  };
}
