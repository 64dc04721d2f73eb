/**
 * Entry point of the meeting engine: `createEngine` builds the engine on a store, seeds the demo
 * tenant on an empty store, attaches the simulated endpoints of the demo meeting and starts the
 * ticker. The returned engine implements {@link EngineFacade} for login and signing.
 */
import type { Store } from '../store/types';
import { Simulator } from '../sim/population';
import { systemClock, type Clock } from './clock';
import { Engine, type EngineConfig } from './engine';

export { Engine, DEFAULT_CONFIG, COLLECTIONS } from './engine';
export type { EngineConfig, SessionState, EndpointDriver, DialRequest } from './engine';
export { ManualClock, systemClock } from './clock';
export type { Clock } from './clock';

/** The platform's server configuration (server/config.ts), of which the engine reads a part. */
interface PlatformConfigLike {
  demo?: {
    seed?: boolean;
    mrId?: string;
    hostPwd?: string;
    supervisorPwd?: string;
    bookingMinutes?: number;
    serviceDays?: number;
    maxMosaic?: number;
    recording?: boolean;
    maxCall?: number;
  };
  simEndpoints?: number;
  simSteadyEndpoints?: number;
  simSeed?: number;
  captchaTestCode?: string;
}

export interface CreateEngineOptions {
  store: Store;
  /** the server configuration (server/config.ts `Config`) or engine settings directly */
  config?: PlatformConfigLike & Partial<EngineConfig>;
  clock?: Clock;
  /** start the ticker at once (default true) */
  autoStart?: boolean;
  /** chance per simulated endpoint per tick of an action (see SimOptions.activity) */
  simActivity?: number;
}

function toEngineConfig(config: PlatformConfigLike & Partial<EngineConfig> = {}): Partial<EngineConfig> {
  const out: Partial<EngineConfig> = { ...config };
  delete (out as PlatformConfigLike).demo;
  delete (out as PlatformConfigLike).simSeed;
  if (config.demo) {
    if (config.demo.seed !== undefined) out.seedDemo = config.demo.seed;
    if (config.demo.mrId) out.demoMrId = config.demo.mrId;
    if (config.demo.hostPwd) out.demoHostPwd = config.demo.hostPwd;
    if (config.demo.supervisorPwd) out.demoSupervisorPwd = config.demo.supervisorPwd;
    if (config.demo.bookingMinutes) out.demoBookingMinutes = config.demo.bookingMinutes;
    if (config.demo.serviceDays) out.demoServiceDays = config.demo.serviceDays;
    if (config.demo.maxMosaic) out.demoMaxMosaic = config.demo.maxMosaic;
    if (config.demo.recording !== undefined) out.demoRecording = config.demo.recording;
    if (config.demo.maxCall) out.demoMaxCall = config.demo.maxCall;
  }
  if (config.simSeed !== undefined) out.seed = config.simSeed;
  return out;
}

/**
 * Builds the engine. With the default clock the ticker runs on real timers (unref'd); call
 * `engine.stop()` to stop it and the simulator.
 * @example const engine = createEngine({ store: createMemoryStore(), config: { simEndpoints: 10 } });
 */
export function createEngine(opts: CreateEngineOptions): Engine {
  const engine = new Engine(opts.store, toEngineConfig(opts.config), opts.clock ?? systemClock);
  const { simEndpoints, simSteadyEndpoints } = engine.config;
  if (engine.config.simulate && simEndpoints + simSteadyEndpoints > 0 && engine.rooms.has(engine.config.demoMrId)) {
    new Simulator(engine, {
      mrId: engine.config.demoMrId,
      endpoints: simEndpoints,
      steadyEndpoints: simSteadyEndpoints,
      seed: engine.config.seed,
      activity: opts.simActivity,
    });
  }
  if (opts.autoStart !== false) engine.start();
  return engine;
}
