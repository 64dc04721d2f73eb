/**
 * The composition root of the reference server's HTTP side: one node:http server for the API and
 * the built console. It builds the login and signing parts (guard, trust list, verify codes,
 * nonces, resume tokens) on the store, registers the platform's, the login's and the engine's
 * routes, hands each request to the pipeline (http/pipeline.ts, which says what a request goes
 * through), listens, and closes.
 *
 * The engine plugs in through {@link AppDeps}: `engine` (the {@link EngineFacade} login and
 * signing need) and `routes` (callbacks that add the engine's routes to the router).
 */
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LoginGuard, type LoginGuardOptions } from './auth/loginGuard';
import { registerLoginRoutes, verifyCodeLimit } from './auth/loginRoutes';
import { limitPreSessionRoutes } from './auth/attemptLimits';
import { LoginTrust } from './auth/loginTrust';
import { ResumeTokens } from './auth/resumeTokens';
import { SessionNonces } from './auth/sessionNonces';
import { VerifyCodes } from './auth/verifyCodes';
import { VERIFY_CODE_ALPHABET, type Config } from './config';
import type { EngineFacade } from './engine/facade';
import { createMemoryStore } from './store/memoryStore';
import type { Store } from './store/types';
import { createPipeline } from './http/pipeline';
import { registerPlatformRoutes } from './http/platformRoutes';
import { Router } from './http/router';
import { pageSecurityHeaders } from './http/securityHeaders';
import { listenSafely, type ListenOptions } from './http/listen';
import { consoleLogger, displayHost, type Logger, type RunningServer } from './http/serving';

export type { Logger, RunningServer } from './http/serving';

export interface AppDeps {
  engine: EngineFacade;
  /** adds other parts' routes (the engine's session routes) after the platform's own */
  routes?: Array<(router: Router) => void>;
  log?: Logger;
  /** wall clock, ms (signature windows, verify-code expiry, attempt windows) */
  now?: () => number;
  /** brute-force limits; tests shorten the delays */
  loginGuard?: LoginGuardOptions;
  /** how a failed login's answer is held back (tests record instead of waiting) */
  sleep?: (ms: number) => Promise<void>;
  /** verify codes one client address may fetch per minute (default 300) */
  verifyCodesPerMinute?: number;
  /** where resume tokens are kept (hashed) so they survive a restart; default in memory */
  store?: Store;
  /** how long a resume token stays usable (default 12 h) */
  resumeMaxAgeMs?: number;
  /** strict signing: nonces remembered per session (default 4096, auth/sessionNonces.ts) */
  noncesPerSession?: number;
  /** connection limits and request timeouts (defaults in http/listen.ts; tests shorten them) */
  listen?: ListenOptions;
}

/**
 * Creates and starts the server (`config.port` 0 picks a free port).
 * @example const srv = await createServer(testConfig(), { engine }); await fetch(`${srv.url}/api/v3/app/getPlatform`);
 */
export async function createServer(config: Config, deps: AppDeps): Promise<RunningServer> {
  const log = deps.log ?? consoleLogger;
  const now = deps.now ?? Date.now;
  const engine = deps.engine;
  const router = new Router();
  let listeningPort = config.port;
  const store = deps.store ?? createMemoryStore();
  const nonces = new SessionNonces({ perSession: deps.noncesPerSession, store, now });
  const resume = new ResumeTokens(store, { now, maxAgeMs: deps.resumeMaxAgeMs });
  const stopRevocations = engine.onResumeRevoked?.((r) =>
    r.kind === 'session' ? resume.revokeSession(r.sessId) : resume.revokeMeeting(r.mrId),
  );

  registerPlatformRoutes(router, { config, port: () => listeningPort });
  // one guard, trust list and verify-code budget for every login (meeting and management)
  const guard = new LoginGuard({ now, store, ...deps.loginGuard });
  const trust = new LoginTrust(store, { now });
  const codeLimit = verifyCodeLimit(deps.verifyCodesPerMinute, now);
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  registerLoginRoutes(router, {
    engine,
    codes: new VerifyCodes({ alphabet: VERIFY_CODE_ALPHABET, fixedCode: config.captchaTestCode, now }),
    guard,
    signing: config.signing,
    wire: config.wire,
    now,
    sleep,
    log: (m) => log.info(m),
    // (podium) the platform has no session resume
    resume: config.wire === 'platform' ? undefined : resume,
    codeLimit,
    trust,
  });
  for (const add of deps.routes ?? []) add(router);
  limitPreSessionRoutes(router, { guard, codeLimit, trust, engine, sleep, log: (m) => log.info(m) });

  const pipeline = createPipeline({ config, router, engine, nonces, log, now, pageHeaders: pageSecurityHeaders(config.frameAncestors) });
  // the request timers are checked this often (Node's default of 30 s would double them)
  const server = createHttpServer({ connectionsCheckingInterval: 1_000 }, pipeline.handle);
  await listenSafely(server, config.port, config.host, {
    // behind a trusted proxy every connection comes from the proxy: limiting them is its job
    maxConnectionsPerAddress: config.trustProxy ? 0 : undefined,
    ...deps.listen,
  });
  listeningPort = (server.address() as AddressInfo).port;
  const origin = `http://${displayHost(config.host)}:${listeningPort}`;

  let closing: Promise<void> | null = null;
  return {
    url: origin + config.basePath,
    origin,
    port: listeningPort,
    server,
    close() {
      closing ??= new Promise<void>((resolve) => {
        stopRevocations?.();
        pipeline.abortAll();
        server.close(() => resolve());
        server.closeIdleConnections();
        // long polls answer on abort; anything still open after a moment is cut
        setTimeout(() => server.closeAllConnections(), 1000).unref();
      });
      return closing;
    },
  };
}
