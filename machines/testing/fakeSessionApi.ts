/**
 * A SessionApi whose answers the test hands out: every call is recorded with a deferred the test
 * resolves or rejects, and aborting a call's signal rejects it as the real transport would.
 */
import { ApiError } from '../../protocol/errors';
import type { ChangeEvent } from '../../protocol/events';
import type { SessionApi } from '../api';
import { deferred, type Deferred } from './fakeLoginApi';

export interface RecordedCall {
  method: 'get' | 'post' | 'changes' | 'raw';
  suffix: string;
  body?: Record<string, unknown>;
  sinceSeq?: number | null;
  /** (changes) how long the poll may be held */
  blockSecs?: number;
  signal?: AbortSignal;
  d: Deferred<unknown>;
  settled: boolean;
}

export function scriptedSessionApi(mrId = '0123', sessId = 's-1') {
  const calls: RecordedCall[] = [];
  function record(call: Omit<RecordedCall, 'd' | 'settled'>): Promise<never> {
    const d = deferred<unknown>();
    const entry: RecordedCall = { ...call, d, settled: false };
    d.promise.then(
      () => (entry.settled = true),
      () => (entry.settled = true),
    );
    call.signal?.addEventListener('abort', () => d.reject(new ApiError('aborted', 0, call.suffix)));
    calls.push(entry);
    return d.promise as Promise<never>;
  }
  const api: SessionApi = {
    mrId,
    sessId,
    get: (suffix, signal) => record({ method: 'get', suffix, signal }),
    post: (suffix, body, signal) => record({ method: 'post', suffix, body, signal }),
    changes: (sinceSeq, blockSecs, signal) => record({ method: 'changes', suffix: 'changes', sinceSeq, blockSecs, signal }),
    raw: (_m, path, _b, signal) => record({ method: 'raw', suffix: path, signal }),
  };
  /** open (unanswered) calls of one suffix */
  const pending = (suffix: string) => calls.filter((c) => c.suffix === suffix && !c.settled);
  /** answers the oldest open call of a suffix */
  function answer(suffix: string, value: unknown): RecordedCall {
    const call = pending(suffix)[0];
    if (!call) throw new Error(`no open call to ${suffix}; calls: ${calls.map((c) => c.suffix).join(',')}`);
    call.settled = true;
    call.d.resolve(value);
    return call;
  }
  function fail(suffix: string, error: unknown): RecordedCall {
    const call = pending(suffix)[0];
    if (!call) throw new Error(`no open call to ${suffix}`);
    call.settled = true;
    call.d.reject(error);
    return call;
  }
  const poll = (events: ChangeEvent[]) => answer('changes', events);
  return { api, calls, pending, answer, fail, poll };
}

export const flush = () => new Promise((r) => setTimeout(r, 0));
