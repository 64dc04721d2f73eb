/**
 * Named selectors for the address-book actor (system id `addressBook`).
 */
import type { SnapshotFrom } from 'xstate';
import type { AddressBookMachine, DepartmentRecord, QueryOutcome, UserRecord } from './addressBookMachine';

type AddressBookSnapshot = SnapshotFrom<AddressBookMachine>;

/** moves when either cache changed: re-read records after it moves */
export const selectAddressBookVersion = (s: AddressBookSnapshot): number => s.context.version;
export const selectUserRecord =
  (usrId: number) =>
  (s: AddressBookSnapshot): UserRecord | undefined =>
    s.context.users.get(usrId);
export const selectDepartmentRecord =
  (depId: number) =>
  (s: AddressBookSnapshot): DepartmentRecord | undefined =>
    s.context.departments.get(depId);
export const selectAddressBookLoading = (s: AddressBookSnapshot): boolean => s.context.inFlight > 0;
export const selectAddressBookError = (s: AddressBookSnapshot) => s.context.lastError;
/** how the subscription with `requestId` ended, undefined while it runs */
export const selectSettled =
  (requestId: string) =>
  (s: AddressBookSnapshot): 'ok' | 'failed' | undefined =>
    s.context.settled[requestId];
/** the outcome of the query with `requestId` (`addressBook.query`), undefined while it runs */
export const selectQueryOutcome =
  (requestId: string) =>
  (s: AddressBookSnapshot): QueryOutcome | undefined =>
    s.context.answers[requestId];
