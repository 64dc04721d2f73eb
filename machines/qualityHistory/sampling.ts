/**
 * One sampling round of the quality history: which legs a round reads, and the reading itself.
 *
 * A round costs one `POST /status/participant/packets_lost_rate/` `{mr_id}` (protocol-facts
 * §5.9: the loss rates of every leg of the meeting in one answer, also at 10,000 participants)
 * and at most `batch` `GET /status/participant/{ep_id}/media_stream` (jitter, and the full sample
 * the statistics chart draws), two at a time. Legs above a threshold are read first, the rest in
 * turn, so each participant's jitter is read every `legs / batch` rounds and a bad line's every
 * round. Both are platform calls: nothing here is podium-only.
 */
import { isApiError } from '../../protocol/errors';
import type { MediaStreamResponse } from '../../protocol/wire';
import type { Participant } from '../participants/participantStore';
import { mediaStreamPath } from '../mediaStats/path';

/** A call leg to sample. */
export interface QualityLeg {
  usrId: string;
  name: string;
  epId: number;
  uuid: string;
}

/** What a round needs of the session's client (machines/api.ts `SessionApi`). */
export interface QualityApi {
  readonly mrId: string;
  raw<T>(method: 'GET' | 'POST', path: string, body?: unknown, signal?: AbortSignal): Promise<T>;
}

/** What one round read. */
export interface RoundResult {
  /** the worse of receive and send loss (percent) of each leg, in the order of the round's legs (NaN: not listed); null when the call failed */
  loss: Float64Array | null;
  /** media statistics of the batch that answered */
  media: { leg: QualityLeg; answer: MediaStreamResponse }[];
}

/** The online call legs of a participant list (offline and waiting participants have none to read). */
export function legsOf(list: readonly Participant[] | undefined, isWaiting: (usrId: string) => boolean = () => false): QualityLeg[] {
  const out: QualityLeg[] = [];
  for (const p of list ?? []) {
    if (p.online !== 1 || p.ep_id <= 0 || isWaiting(p.usr_id)) continue;
    out.push({ usrId: p.usr_id, name: p.usr_name, epId: p.ep_id, uuid: p.ep_uuid });
  }
  return out;
}

/**
 * The legs whose `media_stream` a round reads: first those in `urgent` (above a threshold), at
 * most half the batch, then the others from `cursor` on, wrapping. Returns them with the cursor
 * for the next round.
 */
export function pickBatch(
  legs: readonly QualityLeg[],
  urgent: ReadonlySet<string>,
  cursor: number,
  batch: number,
): { picked: QualityLeg[]; cursor: number } {
  if (legs.length === 0 || batch <= 0) return { picked: [], cursor: 0 };
  if (legs.length <= batch) return { picked: legs.slice(), cursor: 0 };
  const picked: QualityLeg[] = [];
  const taken = new Set<string>();
  for (const leg of legs) {
    if (picked.length >= Math.ceil(batch / 2)) break;
    if (urgent.has(leg.usrId)) {
      picked.push(leg);
      taken.add(leg.usrId);
    }
  }
  let at = cursor % legs.length;
  let scanned = 0;
  while (picked.length < batch && scanned < legs.length) {
    const leg = legs[at];
    if (!taken.has(leg.usrId)) picked.push(leg);
    at = (at + 1) % legs.length;
    scanned += 1;
  }
  return { picked, cursor: at };
}

function rate(v: unknown): number {
  const n = typeof v === 'string' ? Number(v) : typeof v === 'number' ? v : NaN;
  return Number.isFinite(n) && n >= 0 ? n : NaN;
}

/**
 * The worse of the two loss rates of one leg in a `packets_lost_rate` answer (keys: ep_uuid or
 * ep_id, protocol-facts §5.9; values `[rx, tx]` percent); NaN when the answer does not list the
 * leg or its value is malformed.
 */
function lossOf(byKey: Record<string, unknown>, leg: QualityLeg): number {
  const value = (leg.uuid && Object.hasOwn(byKey, leg.uuid) ? byKey[leg.uuid] : undefined) ?? byKey[String(leg.epId)];
  if (!Array.isArray(value)) return NaN;
  const rx = rate(value[0]);
  const tx = rate(value[1]);
  if (Number.isNaN(rx) && Number.isNaN(tx)) return NaN;
  return Math.max(Number.isNaN(rx) ? 0 : rx, Number.isNaN(tx) ? 0 : tx);
}

/**
 * The loss of every leg from a `packets_lost_rate` answer, in the legs' order ({@link lossOf}).
 * Looks each leg up instead of walking the answer, and fills one typed array: at 10,000 legs a
 * map by usr_id cost a key list, an entry and a boxed number per leg every round.
 */
export function lossOfLegs(answer: unknown, legs: readonly QualityLeg[]): Float64Array {
  const out = new Float64Array(legs.length).fill(NaN);
  if (!answer || typeof answer !== 'object') return out;
  const byKey = answer as Record<string, unknown>;
  for (let i = 0; i < legs.length; i++) out[i] = lossOf(byKey, legs[i]);
  return out;
}

/** Runs `work` over `items`, `parallel` at a time. */
async function eachLimited<T>(items: readonly T[], parallel: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(parallel, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++];
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Whether a failed call says the rest of the round would fail too: no answer or the platform's
 * gateway says it is unreachable (502, 503, 504), or the session the reads name is gone (401).
 * A refusal of the loss call alone (a platform without it) does not: the media samples give loss.
 */
function roundCannotGoOn(error: unknown): boolean {
  if (!isApiError(error)) return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  return error.kind === 'http' && (error.status === 401 || error.status === 502 || error.status === 503 || error.status === 504);
}

/**
 * Reads one round: the loss of every leg, then the batch's `media_stream`, of the legs the loss
 * answer still lists. A failed loss call leaves `loss` null (the media samples still give loss);
 * a failed `media_stream` (the participant just left) leaves that leg out. A loss call that meets
 * an outage or a session the server no longer knows ends the round there ({@link roundCannotGoOn}):
 * each read after it would only fail the same way, and each failure is a request that holds a
 * connection of the browser's few to the platform, and a console error. Aborting `signal`
 * cancels what is in flight.
 */
export async function readRound(
  api: QualityApi,
  legs: readonly QualityLeg[],
  batch: readonly QualityLeg[],
  signal: AbortSignal,
): Promise<RoundResult> {
  let stop = false;
  let lossAnswer: Record<string, unknown> = {};
  const loss = await api
    .raw<unknown>('POST', '/status/participant/packets_lost_rate/', { mr_id: api.mrId }, signal)
    .then((body) => {
      if (body && typeof body === 'object') lossAnswer = body as Record<string, unknown>;
      return lossOfLegs(body, legs);
    })
    .catch((error: unknown) => {
      stop = roundCannotGoOn(error);
      return null;
    });
  if (signal.aborted) throw new Error('aborted');
  if (stop) return { loss: null, media: [] };
  // the loss answer lists the legs the server has now: a leg missing there has just ended
  const live = loss ? batch.filter((leg) => !Number.isNaN(lossOf(lossAnswer, leg))) : batch;
  const media: RoundResult['media'] = [];
  await eachLimited(live, 2, async (leg) => {
    if (signal.aborted || stop) return;
    try {
      const answer = await api.raw<MediaStreamResponse>('GET', mediaStreamPath(leg.epId), undefined, signal);
      media.push({ leg, answer });
    } catch (error) {
      // the leg ended meanwhile, or statistics are off: nothing to record for it this round
      stop = roundCannotGoOn(error);
    }
  });
  if (signal.aborted) throw new Error('aborted');
  return { loss, media };
}
