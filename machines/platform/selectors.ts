/**
 * Named selectors for the platform actor (system id `platform`).
 */
import type { SnapshotFrom } from 'xstate';
import type { PlatformMachine } from './platformMachine';

type PlatformSnapshot = SnapshotFrom<PlatformMachine>;

/** the live switch and addresses apply (live_builtin; true until told otherwise) */
export const selectLiveBuiltin = (s: PlatformSnapshot): boolean => s.context.liveBuiltin;
/** the configured digit count of a user number; undefined while unknown or not told */
export const selectUserNumberDigits = (s: PlatformSnapshot): number | undefined => s.context.usrIdDigits;
/** the meeting share as last read; null while it loads */
export const selectShare = (s: PlatformSnapshot) => s.context.share;
/** the management login's picture code, undefined while one loads */
export const selectManagementCode = (s: PlatformSnapshot) => s.context.code;
export const selectManagementPending = (s: PlatformSnapshot): boolean => s.matches({ login: 'loggingIn' });
/** why the last management step was refused, undefined when nothing is */
export const selectManagementRefusal = (s: PlatformSnapshot): unknown => s.context.loginRefusal;
/** the management session once logged in, null before */
export const selectManagementSession = (s: PlatformSnapshot) => s.context.mgmt;
export const selectBookingPending = (s: PlatformSnapshot): boolean => s.matches({ booking: 'booking' });
export const selectBookingRefusal = (s: PlatformSnapshot): unknown => s.context.bookingRefusal;
