/**
 * Starts the reference server: configuration, store, engine, HTTP. Run with `npm run server`
 * (or `npm start`, which builds the console first when needed).
 *
 * With `--upstream URL` (or UPSTREAM_URL) it starts no engine: it serves the console and
 * forwards the API to that platform (http/upstreamProxy.ts).
 *
 * `startServer` does the same for tests and tools that want a whole server in-process.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer, type AppDeps } from './app';
import { consoleLogger, type Logger, type RunningServer } from './http/serving';
import { ConfigError, DEFAULT_DEV_TOKEN, loadConfig, type Config, type ConfigFlags } from './config';
import { startUpstreamProxy } from './http/upstreamProxy';
import { createEngine } from './engine/index';
import { registerSessionRoutes } from './http/sessionRoutes';
import { registerShareRoutes } from './http/shareRoutes';
import { openStore } from './store/index';
import { redactDatabaseUrl } from './store/postgresStore';
import type { Store } from './store/types';

export interface StartOptions {
  log?: Logger;
  /** a store to use instead of opening the embedded one in DATA_DIR (tests: createMemoryStore()) */
  store?: Store;
  /** tests: how failed logins are held back, and the attempt limits */
  sleep?: AppDeps['sleep'];
  loginGuard?: AppDeps['loginGuard'];
  /** connection limits (the benchmarks hold thousands of polls from one loopback address) */
  listen?: AppDeps['listen'];
}

export interface StartedServer extends RunningServer {
  engine: ReturnType<typeof createEngine>;
  store: Store;
}

/**
 * Opens the store, creates the engine, registers its routes and listens. `close()` stops the
 * HTTP server, then the engine, then flushes and closes the store.
 * @example const srv = await startServer(loadConfig({ PORT: '0', DATA_DIR: tmp })); ...; await srv.close();
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<StartedServer> {
  const log = options.log ?? consoleLogger;
  const store = options.store ?? (await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, log: (m) => log.info(m) }));
  let engine: ReturnType<typeof createEngine> | undefined;
  try {
    engine = createEngine({ store, config });
    const e = engine;
    // the demo seed is written asynchronously: have it on disk before anyone can log in
    await e.ready;
    const http = await createServer(config, {
      engine: e,
      store,
      routes: [
        (router) =>
          void registerSessionRoutes(router, e, {
            captchaTestCode: config.captchaTestCode,
            wire: config.wire,
            failConfigReads: config.testFailConfigReads,
          }),
        (router) =>
          registerShareRoutes(router, e, { baseUrl: config.shareBaseUrl, miniAppId: config.shareMiniAppId, joinUrl: config.links?.join }),
      ],
      log,
      sleep: options.sleep,
      loginGuard: options.loginGuard,
      listen: options.listen,
    });
    let closing: Promise<void> | undefined;
    return {
      ...http,
      engine: e,
      store,
      close() {
        closing ??= (async () => {
          await http.close();
          e.stop();
          // writes the engine started before stopping still land (store.close waits for them)
          await e.ready.catch(() => undefined);
          await store.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    engine?.stop();
    await store.close();
    throw err;
  }
}

export function printBanner(config: Config, server: StartedServer, log: Logger): void {
  log.info(`Podium reference server listening on ${server.url}/`);
  const data = config.databaseUrl ? redactDatabaseUrl(config.databaseUrl) : config.dataDir;
  log.info(`  wire: ${config.wire}, signing: ${config.signing}, AES bodies: ${config.apiAesMode ? 'on' : 'off'}, data: ${data}`);
  if (config.wire === 'platform') {
    // strict platform mode: say which assumed calls are offered anyway (docs/protocol.md "Evidence and assumptions")
    const assumed = [...config.platformAssume];
    log.info(`  assumed calls offered (PLATFORM_ASSUME): ${assumed.length ? assumed.join(', ') : 'none'}`);
  } else if (config.platformAssume.size > 0) {
    log.warn('  PLATFORM_ASSUME has no effect without WIRE=platform: podium mode offers every call');
  }
  const room = server.engine.roomAuth(config.demo.mrId);
  if (room) {
    log.info(`  demo meeting ${room.mrId}: host password ${room.hostPwd}, supervisor password ${room.supervisorPwd}`);
  } else if (config.demo.seed) {
    log.info(`  demo meeting ${config.demo.mrId} is not in the store`);
  }
  if (config.wire === 'platform' && config.devToken === DEFAULT_DEV_TOKEN) {
    // there the developer token is the credential of the media statistics (and of every compat signature)
    log.warn('  CAUTION: WIRE=platform with the public default DEV_TOKEN: anyone can read media statistics. Set DEV_TOKEN.');
  }
  if (config.captchaTestCode) {
    log.warn(`  CAUTION: CAPTCHA_TEST_CODE is set: every verify code is "${config.captchaTestCode}". Automated tests only.`);
  }
}

/**
 * The command-line flags: `--upstream URL` (or `--upstream=URL`).
 * @throws TypeError naming an unknown flag or a missing value
 */
export function parseFlags(args: string[]): ConfigFlags {
  const { values } = parseArgs({ args, options: { upstream: { type: 'string' } }, strict: true, allowPositionals: false });
  return { upstream: values.upstream };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig(process.env, parseFlags(process.argv.slice(2)));
  } catch (e) {
    if (e instanceof ConfigError || e instanceof TypeError) {
      console.error(e instanceof ConfigError ? e.message : `${e.message}\nUsage: main.ts [--upstream URL]`);
      process.exit(1);
    }
    throw e;
  }
  const log = consoleLogger;
  let server: RunningServer;
  try {
    if (config.upstreamUrl) {
      server = await startUpstreamProxy(config, { log });
      log.info(`Podium console listening on ${server.url}/, forwarding the API to ${config.upstreamUrl}`);
    } else {
      const started = await startServer(config, { log });
      printBanner(config, started, log);
      server = started;
    }
  } catch (e) {
    log.error('Podium server failed to start:', e instanceof Error ? e.message : e);
    process.exit(1);
  }

  let stoppingSince = 0;
  const shutdown = (signal: string) => {
    if (stoppingSince > 0) {
      // Ctrl+C reaches both `npm start`'s launcher and this process, and the launcher forwards
      // it too: only a signal repeated later by a person means "stop waiting".
      if (Date.now() - stoppingSince < 2000) return;
      log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    stoppingSince = Date.now();
    log.info(`${signal}: shutting down (store is flushed first)…`);
    const force = setTimeout(() => {
      log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (e) => {
        log.error('shutdown failed', e);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  // A stray rejection must not take down a server that is otherwise fine; it is a bug to log.
  process.on('unhandledRejection', (reason) => log.error('unhandled rejection', reason));
}

const invokedPath = process.argv[1] ? pathToFileURL(resolve(process.argv[1])).href : '';
if (invokedPath === import.meta.url) {
  void main();
}
