/**
 * Refusals of the HTTP layer: every one is an HTTP status plus an {@link ErrorBody} carrying a
 * result code of protocol/codes.ts, never a bare status or a stack trace.
 */
import { CMD } from '../../protocol/cmdids';
import type { ErrorBody } from '../../protocol/wire';
import { json, type ApiResult } from './router';

/** Thrown anywhere below a handler to answer `status` with an {@link ErrorBody}. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly result: number,
    readonly detail?: string,
    readonly headers?: Record<string, string>,
  ) {
    super(`${status} result=${result}${detail ? ` (${detail})` : ''}`);
    this.name = 'HttpError';
  }
}

/** The error body of a refused request. */
export function errorBody(result: number, detail?: string): ErrorBody {
  return detail === undefined ? { cmdid: CMD.error, result } : { cmdid: CMD.error, result, detail };
}

/** An error answer. */
export function errorResult(status: number, result: number, detail?: string, headers?: Record<string, string>): ApiResult {
  return json(status, errorBody(result, detail), headers);
}

/**
 * Recognises refusals thrown by any layer (ours, or the engine's CommandError) by shape: an
 * HTTP status from 400 to 599 and a numeric result code.
 */
export function asRefusal(e: unknown): { status: number; result: number; detail?: string; headers?: Record<string, string> } | null {
  if (typeof e !== 'object' || e === null) return null;
  const { status, result, detail, headers } = e as { status?: unknown; result?: unknown; detail?: unknown; headers?: unknown };
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599) return null;
  if (typeof result !== 'number') return null;
  return {
    status,
    result,
    detail: typeof detail === 'string' ? detail : undefined,
    headers: typeof headers === 'object' && headers !== null ? (headers as Record<string, string>) : undefined,
  };
}
