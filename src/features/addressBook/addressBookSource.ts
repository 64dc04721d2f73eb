/**
 * How the address book dialog reads the tenant's address book: the per-session calls of spec §7
 * (`departments/...`, `usrs/...`) behind a narrow interface, so the dialog is tested with a fake.
 *
 * Records come through the session's address-book actor (system id `addressBook`): it sends each
 * subscription with the cached `last_modify_dtms`, and a 304 answer means the cached records are
 * current (spec §7, cache of 500). Searches and online status are asked directly: they change
 * with every question and nothing caches them.
 */
import { waitFor, type ActorRefFrom } from 'xstate';
import type { AddressBookMachine, SessionApi } from '@machines/index';
import type { SearchResponse } from '@protocol/wire';
import { CMD } from '@protocol/cmdids';
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
  actor.send({ type: kind === 'users' ? 'addressBook.subscribeUsers' : 'addressBook.subscribeDepartments', ids, requestId });
  const snap = await waitFor(actor, (s) => s.context.settled[requestId] !== undefined);
  if (snap.context.settled[requestId] === 'failed') throw new Error(`address book: ${kind} could not be read`);
}

/** The address book of the logged-in session's tenant, its records cached by `actor`. */
export function sessionAddressBook(api: SessionApi, actor: AddressBookRef): AddressBookSource {
  const departmentsOf = async (ids: number[]): Promise<DepartmentNode[]> => {
    if (!ids.length) return [];
    await subscribed(actor, 'departments', ids);
    const cache = actor.getSnapshot().context.departments;
    return ids.flatMap((id) => {
      const rec = cache.get(id);
      return rec ? [{ id, name: rec.department_names ?? String(id) }] : [];
    });
  };
  const search = (filterType: string, value: string | number) =>
    api.post<SearchResponse>('departments/department_ids/search/', {
      cmdid: CMD.searchDepartmentIds,
      filter_type: [filterType],
      filter_value: [value],
    });
  const childrenOf = async (senior: number) => departmentsOf((await search('senior_id', senior)).ids ?? []);
  return {
    topDepartments: () => childrenOf(-1),
    childDepartments: (depId) => childrenOf(depId),
    async searchDepartments(name) {
      let found: SearchResponse;
      try {
        found = await search('department_name', name);
      } catch (error) {
        // a platform without the filter refuses it as a bad request or an unknown call
        if (isApiError(error) && (error.status === 400 || error.status === 404)) throw new DepartmentSearchNotOffered();
        throw error;
      }
      const total = found.total ?? found.ids?.length ?? 0;
      if (found.too_many === 1 || total > 500) return { tooMany: true, total };
      return { tooMany: false, departments: await departmentsOf(found.ids ?? []) };
    },
    async searchUsers({ keyword, depId }) {
      const filter_type: string[] = [];
      const filter_value: (string | number)[] = [];
      if (keyword) {
        filter_type.push('keyword');
        filter_value.push(keyword);
      }
      if (depId !== undefined) {
        filter_type.push('department_id');
        filter_value.push(depId);
      }
      const res = await api.post<SearchResponse>('usrs/usr_id/search/', { cmdid: CMD.searchUsr, filter_type, filter_value });
      return { ids: res.ids ?? [], total: res.total ?? res.ids?.length ?? 0, tooMany: res.too_many === 1 };
    },
    async users(ids) {
      if (!ids.length) return [];
      await subscribed(actor, 'users', ids);
      const cache = actor.getSnapshot().context.users;
      return ids.flatMap((id) => {
        const rec = cache.get(id);
        return rec ? [{ id, name: rec.nick_names ?? String(id), callAddr: rec.call_addrs ?? '' }] : [];
      });
    },
    async onlineStatus(ids) {
      if (!ids.length) return new Map();
      const res = await api.post<{ usr_ids?: number[]; online_status?: number[] }>('usrs/get_usr_online_status/', {
        cmdid: CMD.getUsrOnlineStatus,
        usr_ids: ids,
      });
      return new Map((res.usr_ids ?? []).map((id, i) => [id, (res.online_status?.[i] ?? 0) > 0]));
    },
  };
}
