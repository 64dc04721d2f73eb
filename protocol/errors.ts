/**
 * The one error type every request failure becomes, on the console side. The transport
 * (src/api) builds it from an HTTP outcome; machines branch on `kind`, `status` and `result`;
 * the UI turns it into a translated message. No I/O here.
 */
export type ApiErrorKind = 'http' | 'network' | 'timeout' | 'aborted' | 'decode';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    /** HTTP status, 0 when none arrived */
    readonly status: number,
    /** the request url (path), shown by the 404/500 messages */
    readonly url: string,
    /** result code of protocol/codes.ts carried by the body, when any */
    readonly result?: number,
    /** server detail: a reason string (login 404) or a field name */
    readonly detail?: string,
    /** seconds to wait before retrying (brute-force protection) */
    readonly retryAfter?: number,
  ) {
    super(`${kind} ${status} ${url}${result !== undefined ? ` result=${result}` : ''}${detail ? ` (${detail})` : ''}`);
    this.name = 'ApiError';
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
