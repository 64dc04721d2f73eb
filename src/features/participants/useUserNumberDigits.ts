/**
 * The configured digit count of a user number (spec §5 "Numeric user id length follows a configured
 * digit count"), as the platform's getPlatform answer gives it (`usr_id_digits`, assumption group
 * user-number). `undefined` while unknown or when the platform does not tell: the rule then accepts
 * 1–20 digits and the platform judges the length.
 */
import { useEffect, useState } from 'react';
import { createApiClient } from '#/api';

/**
 * Reads the digit count once `enabled` (the add-by-number form is shown); `given` wins when set
 * (`null`: known not to be configured, nothing is asked).
 */
export function useUserNumberDigits(enabled: boolean, given?: number | null): number | undefined {
  const [digits, setDigits] = useState<number | undefined>(undefined);
  const ask = enabled && given === undefined && digits === undefined;
  useEffect(() => {
    if (!ask) return;
    let alive = true;
    createApiClient()
      .platform.getPlatform()
      .then(
        (rsp) => alive && setDigits(rsp.data.usr_id_digits),
        // not told: the console checks digits only
        () => undefined,
      );
    return () => {
      alive = false;
    };
  }, [ask]);
  return given === null ? undefined : (given ?? digits);
}
