/**
 * Simulated media statistics of one endpoint: bitrate, loss and jitter for audio, video and
 * content in both directions. Figures drift smoothly with time (sums of slow sines with a phase
 * per endpoint) and show occasional loss bursts, so charts look like a real call, yet the same
 * endpoint at the same second always gives the same figures.
 */
import type { MediaStream } from '../../protocol/wire';
import { hash32 } from '../engine/rng';
import { POS, type Endpoint } from '../engine/room';
import { steadyLine } from './steady';

function wave(seed: number, t: number, period: number): number {
  const phase = ((seed % 997) / 997) * Math.PI * 2;
  return Math.sin((t / period) * Math.PI * 2 + phase);
}

/** A loss burst: mostly 0, now and then a few percent for some seconds. */
function burst(seed: number, t: number): number {
  const slot = Math.floor(t / 20);
  const h = hash32(`${seed}:${slot}`);
  if (h % 9 !== 0) return 0;
  return ((h >>> 8) % 60) / 10;
}

interface Kind {
  type: MediaStream['type'];
  codec: string;
  kbps: number;
  resolution: string;
}

const KINDS: Kind[] = [
  { type: 'audio', codec: 'OPUS', kbps: 64, resolution: '' },
  { type: 'video', codec: 'H.264', kbps: 1536, resolution: '1920x1080' },
  { type: 'content', codec: 'H.264', kbps: 768, resolution: '1920x1080' },
];

/** The loss (percent, unrounded) of one stream: what {@link streamFigures} and {@link lossRates} share. */
function lossFigure(seed: number, t: number): number {
  return Math.max(0, 0.2 + 0.3 * wave(seed * 3, t, 61) + burst(seed, t));
}

/** One figure set of a stream direction at second `t`. */
export function streamFigures(seed: number, kbps: number, t: number): { bitrate: number; lost: number; jitter: number } {
  const drift = 1 + 0.12 * wave(seed, t, 97) + 0.05 * wave(seed * 7, t, 13);
  const lost = lossFigure(seed, t);
  const jitter = Math.max(1, Math.round(8 + 6 * wave(seed * 5, t, 47) + lost * 4));
  return { bitrate: Math.max(0, Math.round(kbps * drift)), lost: Math.round(lost * 100) / 100, jitter };
}

/** A steady endpoint's fixed line (steady.ts) replaces the drifting loss and jitter. */
function onLine(f: ReturnType<typeof streamFigures>, line: ReturnType<typeof steadyLine>): ReturnType<typeof streamFigures> {
  return line ? { bitrate: f.bitrate, lost: line.lossPct, jitter: line.jitterMs } : f;
}

/**
 * The `media_stream` entries of an endpoint: one per kind and direction (the entry with
 * `tx_jitter` is MCU→endpoint, protocol-facts §5.9). Content is listed only while it is shared.
 */
export function mediaStreams(ep: Endpoint, nowSecs: number): MediaStream[] {
  const out: MediaStream[] = [];
  const sharing = ep.flags[POS.cont_sender] === 1;
  KINDS.forEach((k, i) => {
    if (k.type === 'content' && !sharing) return;
    const seed = ep.mediaSeed * 31 + i;
    const line = steadyLine(ep.usrId);
    const up = onLine(streamFigures(seed, k.type === 'video' && ep.flags[POS.v_rx] === 0 ? 0 : k.kbps, nowSecs), line);
    const down = onLine(streamFigures(seed + 17, k.type === 'video' && ep.flags[POS.v_tx] === 0 ? 0 : k.kbps, nowSecs), line);
    const elapsed = Math.max(1, nowSecs - ep.enterDtm);
    const base = { node: 'mcu-1', id: ep.epId * 10 + i, type: k.type, ssrc: String(hash32(`${ep.uuid}:${i}`)), start_time: ep.enterDtm };
    const rxPackets = Math.round((up.bitrate * 1000 * elapsed) / 8 / 1200);
    // picture sizes as the client's model has them: strings, one direction per entry (protocol-facts §5.9)
    const [w, h] = dimensions(k.resolution);
    out.push({
      ...base,
      fps: k.type === 'audio' ? 0 : 30,
      fur: 0,
      rx_codec: k.codec,
      rx_bitrate: up.bitrate,
      rx_packets_received: rxPackets,
      rx_packets_lost: Math.round((rxPackets * up.lost) / 100),
      rx_lost_rate: up.lost,
      rx_jitter: up.jitter,
      rx_resolution: k.resolution,
      rx_width: String(up.bitrate > 0 ? w : 0),
      rx_height: String(up.bitrate > 0 ? h : 0),
    });
    const txPackets = Math.round((down.bitrate * 1000 * elapsed) / 8 / 1200);
    out.push({
      ...base,
      id: base.id + 5,
      fps: k.type === 'audio' ? 0 : 30,
      fur: 0,
      tx_codec: k.codec,
      tx_bitrate: down.bitrate,
      tx_packets_sent: txPackets,
      tx_packets_lost: String(Math.round((txPackets * down.lost) / 100)),
      tx_lost_rate: down.lost,
      tx_jitter: down.jitter,
      tx_resolution: k.resolution,
      tx_width: String(down.bitrate > 0 ? w : 0),
      tx_height: String(down.bitrate > 0 ? h : 0),
    });
  });
  return out;
}

/** Width and height of a `WxH` resolution, 0×0 for none (audio). */
function dimensions(resolution: string): [number, number] {
  const m = /^(\d+)x(\d+)$/.exec(resolution);
  return m ? [Number(m[1]), Number(m[2])] : [0, 0];
}

/** The quality summary of `get_call_qa_rsp`. */
export function callQuality(ep: Endpoint, nowSecs: number): Record<string, number> {
  const qa: Record<string, number> = {};
  for (const s of mediaStreams(ep, nowSecs)) {
    if (s.rx_bitrate !== undefined) {
      qa[`${s.type}_rx_bitrate`] = s.rx_bitrate;
      qa[`${s.type}_rx_lost_rate`] = s.rx_lost_rate ?? 0;
      qa[`${s.type}_rx_jitter`] = s.rx_jitter ?? 0;
    } else {
      qa[`${s.type}_tx_bitrate`] = s.tx_bitrate ?? 0;
      qa[`${s.type}_tx_lost_rate`] = s.tx_lost_rate ?? 0;
      qa[`${s.type}_tx_jitter`] = s.tx_jitter ?? 0;
    }
  }
  return qa;
}

/** index of the video stream kind: its seed is `mediaSeed * 31 + VIDEO` (see {@link mediaStreams}) */
const VIDEO = KINDS.findIndex((k) => k.type === 'video');

/**
 * `[rx_loss_rate, tx_loss_rate]` of the endpoint's video, as {@link mediaStreams} gives them, but
 * computed alone: the loss call answers this for every endpoint of the meeting in one turn, and
 * building every stream of 10,000 endpoints for it held the event loop ~300-450 ms each quality
 * round (10 s), delaying every command and feed answer of the meeting that long (bench/controlScreen.ts).
 */
export function lossRates(ep: Endpoint, nowSecs: number): [number, number] {
  const line = steadyLine(ep.usrId);
  if (line) return [line.lossPct, line.lossPct];
  const seed = ep.mediaSeed * 31 + VIDEO;
  return [Math.round(lossFigure(seed, nowSecs) * 100) / 100, Math.round(lossFigure(seed + 17, nowSecs) * 100) / 100];
}
