/**
 * How the address book dialog reads the tenant's address book: the per-session calls of spec §7
 * (`departments/...`, `usrs/...`) behind a narrow interface, so the dialog is tested with a fake.
 *
 * Everything goes through the session's address-book actor (system id `addressBook`), events in
 * and selectors out: records are subscribed with the cached `last_modify_dtms`, a 304 answer
 * meaning the cached records are current (spec §7, cache of 500); searches and online status are
 * asked as queries, whose answers nothing caches.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
import { addressBookSelectors, type AddressBookMachine, type AddressBookQuery, type QueryAnswer, type SearchFound } from '@machines/index';
import { isApiError } from '@protocol/errors';

export interface DepartmentNode {
  id: number;
  name: string;
}

export interface UserEntry {
  id: number;
  name: string;
  callAddr: string;
}

/** A department search: the matches, or only how many when there are too many to answer. */
export type DepartmentSearch = { tooMany: false; departments: DepartmentNode[] } | { tooMany: true; total: number };

/** The platform refused the department search by name (assumption group department-search). */
export class DepartmentSearchNotOffered extends Error {
  constructor() {
    super('department search by name not offered');
  }
}

export interface AddressBookSource {
  topDepartments(): Promise<DepartmentNode[]>;
  childDepartments(depId: number): Promise<DepartmentNode[]>;
  /** departments whose name contains `name` (spec §5: more than 500 asks for narrower criteria) */
  searchDepartments(name: string): Promise<DepartmentSearch>;
  searchUsers(query: { keyword: string; depId?: number }): Promise<{ ids: number[]; total: number; tooMany: boolean }>;
  users(ids: number[]): Promise<UserEntry[]>;
  /** `usrs/get_usr_online_status/`: online when `online_status` > 0 (facts §6.9); unknown ids are left out */
  onlineStatus(ids: number[]): Promise<Map<number, boolean>>;
}

type AddressBookRef = ActorRefFrom<AddressBookMachine>;

let requestSeq = 0;

/** Asks the actor to subscribe `ids` and waits until it has answered (from the server or, on 304, its cache). */
async function subscribed(actor: AddressBookRef, kind: 'users' | 'departments', ids: number[]): Promise<void> {
  const requestId = `dialog:${++requestSeq}`;
  const settled = addressBookSelectors.selectSettled(requestId);
  actor.send({ type: kind === 'users' ? 'addressBook.subscribeUsers' : 'addressBook.subscribeDepartments', ids, requestId });
  const snap = await waitFor(actor, (s) => settled(s) !== undefined);
  if (settled(snap) === 'failed') throw new Error(`address book: ${kind} could not be read`);
}

/** Asks the actor a query and waits for its answer; rejects with the error it was refused with. */
async function asked(actor: AddressBookRef, query: AddressBookQuery): Promise<QueryAnswer> {
  const requestId = `dialog:${++requestSeq}`;
  const outcomeOf = addressBookSelectors.selectQueryOutcome(requestId);
  actor.send({ type: 'addressBook.query', query, requestId });
  const outcome = outcomeOf(await waitFor(actor, (s) => outcomeOf(s) !== undefined))!;
  if (!outcome.ok) throw outcome.error;
  return outcome.answer;
}

async function searched(actor: AddressBookRef, query: AddressBookQuery): Promise<SearchFound> {
  const answer = await asked(actor, query);
  return answer.kind === 'online' ? { ids: [], total: 0, tooMany: false } : answer.found;
}

/** The address book of the logged-in session's tenant, asked through its address-book `actor`. */
export function sessionAddressBook(actor: AddressBookRef): AddressBookSource {
  const departmentsOf = async (ids: number[]): Promise<DepartmentNode[]> => {
    if (!ids.length) return [];
    await subscribed(actor, 'departments', ids);
    const snap = actor.getSnapshot();
    return ids.flatMap((id) => {
      const rec = addressBookSelectors.selectDepartmentRecord(id)(snap);
      return rec ? [{ id, name: rec.department_names ?? String(id) }] : [];
    });
  };
  const childrenOf = async (senior: number) =>
    departmentsOf((await searched(actor, { kind: 'departments', by: 'senior_id', value: senior })).ids);
  return {
    topDepartments: () => childrenOf(-1),
    childDepartments: (depId) => childrenOf(depId),
    async searchDepartments(name) {
      let found: SearchFound;
      try {
        found = await searched(actor, { kind: 'departments', by: 'department_name', value: name });
      } catch (error) {
        // a platform without the filter refuses it as a bad request or an unknown call
        if (isApiError(error) && (error.status === 400 || error.status === 404)) throw new DepartmentSearchNotOffered();
        throw error;
      }
      if (found.tooMany || found.total > 500) return { tooMany: true, total: found.total };
      return { tooMany: false, departments: await departmentsOf(found.ids) };
    },
    searchUsers: ({ keyword, depId }) => searched(actor, { kind: 'users', keyword, depId }),
    async users(ids) {
      if (!ids.length) return [];
      await subscribed(actor, 'users', ids);
      const snap = actor.getSnapshot();
      return ids.flatMap((id) => {
        const rec = addressBookSelectors.selectUserRecord(id)(snap);
        return rec ? [{ id, name: rec.nick_names ?? String(id), callAddr: rec.call_addrs ?? '' }] : [];
      });
    },
    async onlineStatus(ids) {
      if (!ids.length) return new Map();
      const answer = await asked(actor, { kind: 'online', ids });
      return new Map(answer.kind === 'online' ? answer.online : []);
    },
  };
}
