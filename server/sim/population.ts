/**
 * Simulated endpoints: a population of SIP, H.323, vendor and WebRTC endpoints that join and
 * leave, talk, raise hands, share content, wait in the waiting room when it is on, obey what
 * controllers impose (they only change their own local state: mic, camera, hand, talking), fail
 * some calls with realistic reasons, and report media statistics (see media.ts).
 *
 * Everything is drawn from one seeded generator and driven by the engine's tick, so a run with
 * the same seed and the same clock is the same run.
 *
 * Steady endpoints (`steadyEndpoints`, SIM_STEADY_ENDPOINTS) come on top of that population for
 * tests that act on "some participant": they join when the meeting runs and then never do
 * anything on their own (no talking, hands, content, microphone or camera changes, no leaving,
 * no failed calls), while the engine applies every controller command to them as to any other
 * endpoint. Hung up, refused or asked to leave, one stays away until a controller calls it. They
 * draw nothing from the generator, so the rest of the population runs exactly as without them.
 *
 * Just over 400 lines on purpose: every behaviour draws from the one generator in a fixed order
 * per tick, and that order is what makes a seed reproduce a run; split, it would be spread over
 * files that must not be reordered. Media statistics and speech are apart (media.ts, asr.ts).
 */
import { personName } from '../engine/addressBookSeed';
import type { DialRequest, Engine, EndpointDriver } from '../engine/engine';
import { Rng } from '../engine/rng';
import { POS, type JoinSpec, type Room, type RosterEntry } from '../engine/room';
import { steadyEndpointId, steadyEndpointName } from './steady';
import { SimulatedRecogniser } from './asr';

export interface SimOptions {
  /** meeting the population belongs to */
  mrId: string;
  /** number of endpoints (SIM_ENDPOINTS) */
  endpoints: number;
  seed: number;
  /**
   * chance per endpoint per tick that it does something (talk, hand, mic, camera, content,
   * leave); 0.05 gives a lively demo, 0.01 × 10,000 endpoints is 100 changes per second
   */
  activity?: number;
  /** chance that an outgoing call fails (default 0.2) */
  callFailure?: number;
  /** invited roster members who are not connected, as a share of `endpoints` (default 0.2) */
  offlineInvited?: number;
  /** endpoints on top of `endpoints` that stay online and only obey controllers (SIM_STEADY_ENDPOINTS, default 0) */
  steadyEndpoints?: number;
}

interface SimEndpoint {
  spec: JoinSpec;
  usrType: number;
  online: boolean;
  /** ms time of the next join attempt while offline; Infinity = stays away */
  rejoinAt: number;
  /** one of the steady endpoints: never acts on its own */
  steady?: boolean;
}

interface PendingDial {
  at: number;
  mrId: string;
  call: DialRequest;
  failReason?: string;
}

const FAIL_REASONS = ['busy', 'refused', 'timeout', 'offline', 'capability_mismatch'] as const;
const LEAVE_REASONS = ['user_hangup', 'user_hangup', 'user_hangup', 'media_timeout', 'signalling_disconnected'] as const;
/** ms a steady endpoint takes to answer a controller's call (it never refuses one) */
const STEADY_ANSWER_MS = 1000;
const ROOM_NAMES = ['Beijing HQ', 'Shanghai office', 'Shenzhen lab', 'Hangzhou branch', 'Chengdu', 'Wuhan', "Xi'an", 'Nanjing'];

export class Simulator implements EndpointDriver {
  private readonly rng: Rng;
  private readonly eps = new Map<string, SimEndpoint>();
  private pending: PendingDial[] = [];
  private stopped = false;
  private readonly activity: number;
  private readonly callFailure: number;
  private dialCounter = 0;
  /** audio-to-text of the two loudest talkers (asr.ts) */
  private readonly recogniser: SimulatedRecogniser;

  constructor(
    private readonly engine: Engine,
    private readonly opts: SimOptions,
  ) {
    this.rng = new Rng(opts.seed);
    this.activity = opts.activity ?? 0.05;
    this.callFailure = opts.callFailure ?? 0.2;
    engine.driver = this;
    this.recogniser = new SimulatedRecogniser(engine.transcript, () => engine.nowSecs());
    this.populate();
  }

  get size(): number {
    return this.eps.size;
  }

  private populate(): void {
    const room = this.engine.rooms.get(this.opts.mrId);
    if (!room) return;
    const users = [...this.engine.addressBook.users.values()];
    const rng = this.rng;
    const n = this.opts.endpoints;
    const usedUsers = new Set<number>();
    const pickUser = () => {
      for (let tries = 0; tries < 20 && users.length; tries++) {
        const u = users[rng.int(0, users.length - 1)];
        if (!usedUsers.has(u.id)) {
          usedUsers.add(u.id);
          return u;
        }
      }
      return undefined;
    };
    const roster: RosterEntry[] = [];
    for (let i = 0; i < n; i++) {
      let spec: JoinSpec;
      let usrType = 2;
      const host = `198.51.100.${(i % 250) + 1}`;
      const roll = rng.next();
      const user = roll < 0.55 ? pickUser() : undefined;
      if (i === 0 && room.status.cascade_mode !== '') {
        const id = `c${rng.hex(9)}`;
        usrType = 7;
        spec = {
          usrId: id,
          name: 'Branch venue (cascade)',
          uri: `sip:${Number(room.mrId) + 100}@${host}:5060`,
          devType: 'mr_cascade_sub',
          protoType: 3,
          usrType,
          callAddr: `${Number(room.mrId) + 100}@${host}`,
        };
      } else if (user) {
        usrType = user.usrType === 1 ? 1 : 2;
        spec = {
          usrId: String(user.id),
          name: user.nick,
          uri: `${usrType === 1 ? 'h323' : 'sip'}:${user.mark}@${host}:${usrType === 1 ? 1720 : 5060}`,
          devType: user.isEndpoint ? 'hard_terminal' : rng.pick(['soft_terminal', 'mobile']),
          protoType: user.usrType === 3 ? 3 : usrType,
          usrType,
          callAddr: user.callAddr,
          abUserId: user.id,
          dep: user.deps[0],
        };
      } else if (roll < 0.85) {
        usrType = rng.chance(0.5) ? 1 : 2;
        const id = rng.hex(10);
        spec = {
          usrId: id,
          name: `${rng.pick(ROOM_NAMES)} ${rng.int(1, 30)}`,
          uri: usrType === 1 ? `h323:${host}:1720` : `sip:${id}@${host}:5060;transport=tcp`,
          devType: 'hard_terminal',
          protoType: usrType,
          usrType,
          callAddr: host,
        };
      } else {
        const id = `guest.${rng.hex(8)}`;
        spec = {
          usrId: id,
          name: `${personName(rng)} (guest)`,
          uri: `webrtc:${id}@${host}`,
          devType: 'webrtc',
          protoType: 4,
          usrType: 2,
          callAddr: '',
        };
      }
      spec.mediaSeed = rng.int(1, 1_000_000);
      spec.epVersion = rng.int(1, 9);
      const now = this.engine.clock.now();
      this.eps.set(spec.usrId, { spec, usrType, online: false, rejoinAt: rng.chance(0.9) ? now : now + rng.int(2, 60) * 1000 });
      if (!spec.usrId.startsWith('guest')) {
        const appointed = rng.chance(0.7);
        roster.push({
          usrId: spec.usrId,
          name: spec.name,
          usrType,
          attr: `${usrType}-${appointed ? roster.length + 1 : 10000 + roster.length + 1}-0`,
          callAddr: spec.callAddr.replace('@', ','),
          dep: spec.dep ?? 0,
          devType: spec.devType,
          appoint: appointed ? 1 : 0,
          gbk: spec.name,
        });
      }
    }
    const extra = Math.round(n * (this.opts.offlineInvited ?? 0.2));
    for (let i = 0; i < extra; i++) {
      const u = pickUser();
      if (!u) break;
      roster.push({
        usrId: String(u.id),
        name: u.nick,
        usrType: u.usrType === 1 ? 1 : 2,
        attr: `${u.usrType}-${roster.length + 1}-0`,
        callAddr: u.callAddr.replace('@', ','),
        dep: u.deps[0] ?? 0,
        devType: u.isEndpoint ? 'hard_terminal' : 'soft_terminal',
        appoint: 1,
        gbk: u.nick,
      });
    }
    // after every drawn endpoint, so the random population is the same with or without them
    for (let i = 0; i < (this.opts.steadyEndpoints ?? 0); i++) {
      const usrId = steadyEndpointId(i);
      const host = `192.0.2.${(i % 250) + 1}`;
      const spec: JoinSpec = {
        usrId,
        name: steadyEndpointName(i),
        uri: `sip:${usrId}@${host}:5060`,
        devType: 'hard_terminal',
        protoType: 2,
        usrType: 2,
        callAddr: `${usrId}@${host}`,
        mediaSeed: 900_001 + i,
        epVersion: 1,
      };
      this.eps.set(usrId, { spec, usrType: 2, online: false, rejoinAt: this.engine.clock.now(), steady: true });
      roster.push({
        usrId,
        name: spec.name,
        usrType: 2,
        attr: `2-${roster.length + 1}-0`,
        callAddr: spec.callAddr.replace('@', ','),
        dep: 0,
        devType: spec.devType,
        appoint: 1,
        gbk: spec.name,
      });
    }
    const fresh = roster.filter((r) => !room.roster.has(r.usrId));
    if (fresh.length) room.addToRoster(fresh);
    this.joinDue(this.engine.clock.now());
    room.flush();
  }

  // ------------------------------------------------------------------------------------------
  // EndpointDriver

  dial(room: Room, call: DialRequest): void {
    if (this.stopped) return;
    const now = this.engine.clock.now();
    if (call.usrId !== undefined && this.eps.get(call.usrId)?.steady) {
      this.pending.push({ at: now + STEADY_ANSWER_MS, mrId: room.mrId, call });
      return;
    }
    const addr = call.callAddr.toLowerCase();
    let failReason: string | undefined;
    for (const r of FAIL_REASONS) if (addr.includes(r)) failReason = r;
    if (!failReason && this.rng.chance(this.callFailure)) failReason = this.rng.pick(FAIL_REASONS);
    this.pending.push({ at: now + this.rng.int(1, 4) * 1000, mrId: room.mrId, call, failReason });
  }

  meetingStarted(room: Room): void {
    if (room.mrId !== this.opts.mrId) return;
    // steady endpoints are there whenever the meeting runs, also a meeting started anew
    const now = this.engine.clock.now();
    for (const ep of this.eps.values()) if (ep.steady && !ep.online) ep.rejoinAt = now;
  }

  meetingEnded(room: Room): void {
    const now = this.engine.clock.now();
    for (const ep of this.eps.values()) {
      if (!ep.online) continue;
      ep.online = false;
      if (ep.steady) ep.rejoinAt = Infinity;
      else ep.rejoinAt = room.record.adhocEnabled ? now + this.rng.int(20, 60) * 1000 : Infinity;
    }
    this.pending = this.pending.filter((p) => p.mrId !== room.mrId);
  }

  dropped(_room: Room, usrId: string): void {
    const ep = this.eps.get(usrId);
    if (!ep) return;
    ep.online = false;
    // a steady endpoint waits to be called; of the others some call back after a while, as people do;
    // a sub-site (cascade leg) the host hung up or deleted stays away until invited again (issue 30)
    if (ep.steady || ep.spec.devType === 'mr_cascade_sub') {
      ep.rejoinAt = Infinity;
      return;
    }
    ep.rejoinAt = this.rng.chance(0.5) ? this.engine.clock.now() + this.rng.int(120, 300) * 1000 : Infinity;
  }

  stop(): void {
    this.stopped = true;
    this.pending = [];
  }

  tick(nowMs: number): void {
    if (this.stopped) return;
    const room = this.engine.rooms.get(this.opts.mrId);
    this.completeDials(nowMs);
    if (!room) return;
    this.joinDue(nowMs);
    if (!room.record.running) return;
    this.behave(room, nowMs);
    if (this.engine.offers('audio-to-text')) this.recogniser.tick(room, nowMs);
  }

  // ------------------------------------------------------------------------------------------

  private completeDials(nowMs: number): void {
    if (!this.pending.length) return;
    const due = this.pending.filter((p) => p.at <= nowMs);
    if (!due.length) return;
    this.pending = this.pending.filter((p) => p.at > nowMs);
    for (const p of due) {
      const room = this.engine.rooms.get(p.mrId);
      if (!room || !room.record.running) continue;
      if (p.failReason) {
        this.engine.callFailed(room, p.call, p.failReason);
        continue;
      }
      const usrId = p.call.usrId ?? `t${(++this.dialCounter).toString(16).padStart(9, '0')}`;
      const known = this.eps.get(usrId);
      const spec: JoinSpec = known?.spec ?? {
        usrId,
        name: p.call.name,
        uri: `${p.call.protoType === 1 ? 'h323' : 'sip'}:${p.call.callAddr}`,
        devType: p.call.usrType === 7 ? 'mr_cascade_sub' : 'hard_terminal',
        protoType: p.call.protoType,
        usrType: p.call.usrType,
        callAddr: p.call.callAddr,
        abUserId: p.call.abUserId,
        dep: p.call.dep,
        mediaSeed: this.rng.int(1, 1_000_000),
      };
      const res = this.engine.joinRoom(room.mrId, spec, { invited: true });
      if ('failed' in res) {
        this.engine.callFailed(room, p.call, res.failed);
        continue;
      }
      if (room.mrId === this.opts.mrId) {
        const ep = this.eps.get(usrId) ?? { spec, usrType: p.call.usrType, online: true, rejoinAt: Infinity };
        ep.online = true;
        this.eps.set(usrId, ep);
      }
    }
  }

  private joinDue(nowMs: number): void {
    const room = this.engine.rooms.get(this.opts.mrId);
    if (!room) return;
    for (const ep of this.eps.values()) {
      if (ep.online || ep.rejoinAt > nowMs) continue;
      const res = this.engine.joinRoom(room.mrId, ep.spec);
      if ('failed' in res) {
        if (res.failed === 'bookings_only') ep.rejoinAt = Infinity;
        else ep.rejoinAt = nowMs + (ep.steady ? 1000 : this.rng.int(30, 90) * 1000);
        continue;
      }
      ep.online = true;
    }
  }

  /** Each endpoint, with probability `activity`, does one thing an endpoint would do. */
  private behave(room: Room, nowMs: number): void {
    const rng = this.rng;
    const st = room.status;
    let sharing = false;
    for (const e of room.endpoints.values()) if (e.flags[POS.cont_sender]) sharing = true;
    for (const sim of this.eps.values()) {
      if (!sim.online) continue;
      const ep = room.endpoints.get(sim.spec.usrId);
      if (sim.steady) {
        // gone without a word to the driver: like a hang-up, it waits to be called
        if (!ep) {
          sim.online = false;
          sim.rejoinAt = Infinity;
        }
        continue;
      }
      if (!ep) {
        sim.online = false;
        sim.rejoinAt = nowMs + rng.int(30, 120) * 1000;
        continue;
      }
      // talkers stop after a few seconds, independent of activity
      if (ep.flags[POS.vad] && (rng.chance(0.25) || !ep.flags[POS.a_rx] || ep.flags[POS.mic])) room.setFlag(ep, 'vad', 0);
      // people tire of waiting with a raised hand (about 3 minutes) or a content request
      if (ep.flags[POS.hand] && rng.chance(0.005)) room.setFlag(ep, 'hand', 0);
      if (ep.flags[POS.cont_req] && (ep.flags[POS.cont_allowed] || rng.chance(0.01))) room.setFlag(ep, 'cont_req', 0);
      if (!rng.chance(this.activity)) continue;
      if (ep.devType === 'mr_cascade_sub') {
        if (ep.flags[POS.a_rx] && !ep.flags[POS.mic]) room.setFlag(ep, 'vad', ep.flags[POS.vad] ? 0 : 1);
        continue;
      }
      const waiting = ep.flags[POS.waiting] === 1;
      const r = rng.next();
      if (r < 0.45) {
        if (!waiting && ep.flags[POS.a_rx] && !ep.flags[POS.mic]) room.setFlag(ep, 'vad', 1);
      } else if (r < 0.55) {
        if (!waiting && !ep.flags[POS.hand] && (!ep.flags[POS.a_rx] || rng.chance(0.3))) room.setFlag(ep, 'hand', 1);
      } else if (r < 0.65) {
        room.setFlag(ep, 'mic', ep.flags[POS.mic] ? 0 : 1);
      } else if (r < 0.7) {
        room.setFlag(ep, 'camera', ep.flags[POS.camera] ? 0 : 1);
      } else if (r < 0.74) {
        if (ep.flags[POS.cont_sender]) {
          room.setFlag(ep, 'cont_sender', 0);
          sharing = false;
        } else if (!waiting && !sharing && st.cont_enabled && ep.flags[POS.cont_allowed]) {
          room.setFlag(ep, 'cont_sender', 1);
          sharing = true;
        } else if (!waiting && !ep.flags[POS.cont_allowed]) room.setFlag(ep, 'cont_req', 1);
      } else if (r < 0.8) {
        // self-unmute: only where the room allows it and no meeting-wide mute binds this endpoint
        const bound = st.mute_scope === 'all' || (st.mute_scope === 'audience' && room.isAudience(ep));
        const individuallyMuted = room.record.sticky[ep.usrId]?.a_rx === 0;
        if (!ep.flags[POS.a_rx] && !waiting && (ep.selfUnmute || (st.allow_unmute_self && !bound && !individuallyMuted))) {
          room.setFlag(ep, 'a_rx', 1);
        }
      } else if (r < 0.83) {
        const reason = rng.pick(LEAVE_REASONS);
        this.engine.endpointLeft(room, ep.usrId, reason);
        sim.online = false;
        sim.rejoinAt = nowMs + rng.int(10, 90) * 1000;
      }
    }
  }
}
