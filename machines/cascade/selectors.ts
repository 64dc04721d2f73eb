/**
 * Named selectors for the cascade actor (system id `cascade`).
 */
import type { SnapshotFrom } from 'xstate';
import type { CascadeMode } from '../../protocol/wire';
import type { CascadeMachine, SubSiteRemoval } from './cascadeMachine';

type CascadeSnapshot = SnapshotFrom<CascadeMachine>;

/** the wire value: '' non-cascade, 'parent', 'child' */
export const selectCascadeMode = (s: CascadeSnapshot): CascadeMode => (s.matches('parent') ? 'parent' : s.matches('child') ? 'child' : '');
export const selectCascadePoints = (s: CascadeSnapshot): number => s.context.cascadePoints;
/** switching to non-cascade is allowed only without cascade points */
export const selectCanLeaveCascade = (s: CascadeSnapshot): boolean => s.context.cascadePoints === 0;
/** sub-sites whose Delete is inside its Undo window or on its way (usr_id → where it is) */
export const selectSubSiteRemovals = (s: CascadeSnapshot): Readonly<Record<string, SubSiteRemoval>> => s.context.removals;
/** usr_ids of the sub-sites hidden from the participant table (the same array until it changes) */
export const selectHiddenSubSites = (s: CascadeSnapshot): readonly string[] => s.context.hidden;
/** usr_ids removed on the server that the participant list may still hold (not to be offered again) */
export const selectRemovedSubSites = (s: CascadeSnapshot): readonly string[] => s.context.removed;
