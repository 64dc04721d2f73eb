/**
 * A meeting of `participants` simulated lines for the alert budget's test and benchmark: the
 * reference server's own media simulation (server/sim/media.ts: slow drift and random loss bursts
 * of a few percent, some over the 5 % threshold) behind a {@link QualityApi}, on the clock the
 * caller gives, so an hour of meeting runs in a second. `badLines` of them are on a constant poor
 * line (8 % loss, 55 ms jitter), the case that used to be alerted again and again.
 *
 * Test and benchmark support only: the console never imports it.
 */
import { lossRates, mediaStreams } from '../../server/sim/media';
import { POS, STATS_DESC, type Endpoint } from '../../server/engine/room';
import type { MediaStream, MediaStreamResponse } from '../../protocol/wire';
import type { QualityApi, QualityLeg } from '../qualityHistory/sampling';

export interface SimulatedMeeting {
  api: QualityApi;
  legs: QualityLeg[];
  /** usr_ids of the constant poor lines */
  bad: readonly string[];
}

const BAD = { lossPct: 8, jitterMs: 55 };

function endpoint(i: number): Endpoint {
  const flags = new Uint8Array(STATS_DESC.length);
  flags[POS.v_rx] = 1;
  flags[POS.v_tx] = 1;
  const usrId = `sim.${i + 1}`;
  return {
    usrId,
    epId: 1000 + i,
    name: `Sim ${i + 1}`,
    uri: `sip:${usrId}@sim`,
    handUpDtm: 0,
    enterDtm: 0,
    devType: 'sim',
    epVersion: 1,
    protoType: 1,
    uuid: `uuid-${i + 1}`,
    gbk: '',
    localRtpIp: '10.0.0.1',
    pinSort: 0,
    sortPara: 0,
    flags,
    statsCache: null,
    selfUnmute: false,
    mediaSeed: (i + 1) * 7919,
  };
}

function poor(streams: MediaStream[]): MediaStream[] {
  return streams.map((s) =>
    s.rx_bitrate !== undefined
      ? { ...s, rx_lost_rate: BAD.lossPct, rx_jitter: BAD.jitterMs }
      : { ...s, tx_lost_rate: BAD.lossPct, tx_jitter: BAD.jitterMs },
  );
}

/** `participants` simulated lines, the first `badLines` of them poor; `nowMs` is the simulated wall clock. */
export function simulatedMeeting(participants: number, badLines: number, nowMs: () => number): SimulatedMeeting {
  const eps = Array.from({ length: participants }, (_, i) => endpoint(i));
  const byEpId = new Map(eps.map((ep) => [ep.epId, ep]));
  const bad = new Set(eps.slice(0, badLines).map((ep) => ep.usrId));
  const api: QualityApi = {
    mrId: '1',
    raw<T>(_method: 'GET' | 'POST', path: string): Promise<T> {
      const secs = Math.floor(nowMs() / 1000);
      if (path.includes('packets_lost_rate')) {
        const answer: Record<string, [number, number]> = {};
        for (const ep of eps) answer[ep.uuid] = bad.has(ep.usrId) ? [BAD.lossPct, BAD.lossPct] : lossRates(ep, secs);
        return Promise.resolve(answer as T);
      }
      const ep = byEpId.get(Number(/participant\/(\d+)\//.exec(path)?.[1]));
      if (!ep) return Promise.reject(new Error('no such leg'));
      const streams = mediaStreams(ep, secs);
      const answer: MediaStreamResponse = {
        refer_num: 1,
        remote_addr: '',
        uuid: ep.uuid,
        local_addr: '',
        data: bad.has(ep.usrId) ? poor(streams) : streams,
      };
      return Promise.resolve(answer as T);
    },
  };
  return { api, legs: eps.map((ep) => ({ usrId: ep.usrId, name: ep.name, epId: ep.epId, uuid: ep.uuid })), bad: [...bad] };
}

/** Lets the rounds' promises settle (the simulated clock moves no promise on its own). */
export const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
