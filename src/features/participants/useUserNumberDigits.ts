/**
 * The configured digit count of a user number (spec §5 "Numeric user id length follows a configured
 * digit count"), as the platform's getPlatform answer gives it (`usr_id_digits`, assumption group
 * user-number), read from the session's `platform` actor, which asks once per session.
 * `undefined` while unknown, when the platform does not tell, or outside a session: the rule then
 * accepts 1–20 digits and the platform judges the length.
 */
import { useSyncExternalStore } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { platformSelectors, type PlatformMachine } from '@machines/index';
import { useOptionalSessionHolder } from '#/session/SessionContext';
import { useSessionChild } from '#/session/useSessionChild';

const noSubscription = () => () => {};
const noRecord = () => null;

/** The digit count once `enabled` (the add-by-number form is shown); `given` wins when set (`null`: known not to be configured). */
export function useUserNumberDigits(enabled: boolean, given?: number | null): number | undefined {
  const holder = useOptionalSessionHolder();
  const record = useSyncExternalStore(holder?.subscribe ?? noSubscription, holder ? () => holder.current() : noRecord);
  const session = record && holder ? holder.actor() : null;
  const platform = useSessionChild<ActorRefFrom<PlatformMachine>>(session, 'platform');
  const digits = useSelector(platform, (s) => (s && enabled ? platformSelectors.selectUserNumberDigits(s) : undefined));
  return given === null ? undefined : (given ?? digits);
}
