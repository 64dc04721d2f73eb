/**
 * The refusal answer every route shares: a thrown {@link CommandError} becomes
 * `{ cmdid: 'error', result, detail }` with its status; anything else goes on to the platform
 * (500). Apart from the routes so the session, management and CM routes can all use it without
 * importing one another.
 */
import { CommandError } from '../engine/errors';
import { json, type ApiRequest, type ApiResult } from './router';

/** The answer of a thrown {@link CommandError}; anything else is rethrown. */
export function refusal(e: unknown): ApiResult {
  if (e instanceof CommandError) return json(e.status, { cmdid: 'error', result: e.result, detail: e.detail });
  throw e;
}

/** `fn` with its refusals answered (see {@link refusal}). */
export function guard(fn: (req: ApiRequest) => ApiResult | Promise<ApiResult>): (req: ApiRequest) => Promise<ApiResult> {
  return async (req) => {
    try {
      return await fn(req);
    } catch (e) {
      return refusal(e);
    }
  };
}
