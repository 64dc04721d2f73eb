/**
 * Turns a refused request (an ApiError from a machine, or a bare result code from a client-side
 * check) into the fixed message of protocol/codes.ts in the active language.
 */
import { useLingui } from '@lingui/react/macro';
import { codeMessage, SILENT_RESULT_CODES } from '@protocol/codes';
import { isApiError } from '@protocol/errors';
import { shownInPlace } from '#/api/failureReports';

/** A refusal as machines and checks carry it: a result code, an ApiError, or nothing. */
export type Refusal = number | { result?: number; status?: number } | null | undefined;

/**
 * The message of a refusal in `locale`, undefined when there is none or it is silent (1088).
 * `fallback` is shown for failures without a result code (network errors, timeouts).
 * @example refusalText(7021, 'en', 'Request failed') // 'The push address must be an RTMP address'
 */
export function refusalText(refusal: Refusal | unknown, locale: string, fallback: string): string | undefined {
  if (refusal === null || refusal === undefined) return undefined;
  // a failure without a result code, or with a status §8 words by itself, is on screen already
  // (src/components/requestFailure.tsx): the panel does not add a second, vaguer message
  if (typeof refusal === 'object' && typeof (refusal as { status?: unknown }).status === 'number') {
    if (!shownInPlace(refusal as { status: number; result?: number })) return undefined;
  }
  const code =
    typeof refusal === 'number'
      ? refusal
      : isApiError(refusal)
        ? refusal.result
        : typeof refusal === 'object' && typeof (refusal as { result?: unknown }).result === 'number'
          ? (refusal as { result: number }).result
          : undefined;
  if (code === undefined) return fallback;
  if (SILENT_RESULT_CODES.has(code)) return undefined;
  return codeMessage(code, locale);
}

/** {@link refusalText} in the language on screen (re-renders when it switches). */
export function useRefusalText(refusal: Refusal | unknown): string | undefined {
  const { i18n, t } = useLingui();
  return refusalText(refusal, i18n.locale, t`The request failed, please try again`);
}
