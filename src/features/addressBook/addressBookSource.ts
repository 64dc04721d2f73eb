/**
 * How the address book dialog reads the tenant's address book: the per-session calls of spec §7
 * (`departments/...`, `usrs/...`) behind a narrow interface, so the dialog is tested with a fake.
 */
import type { SessionApi } from '@machines/index';
import type { DepartmentInfo, SearchResponse, UsrInfo } from '@protocol/wire';
import { CMD } from '@protocol/cmdids';

export interface DepartmentNode {
  id: number;
  name: string;
}

export interface UserEntry {
  id: number;
  name: string;
  callAddr: string;
}

export interface AddressBookSource {
  topDepartments(): Promise<DepartmentNode[]>;
  childDepartments(depId: number): Promise<DepartmentNode[]>;
  searchUsers(query: { keyword: string; depId?: number }): Promise<{ ids: number[]; total: number; tooMany: boolean }>;
  users(ids: number[]): Promise<UserEntry[]>;
}

function toNodes(info: DepartmentInfo): DepartmentNode[] {
  return (info.department_ids ?? []).map((id, i) => ({ id, name: info.department_names?.[i] ?? String(id) }));
}

/** The address book of the logged-in session's tenant. */
export function sessionAddressBook(api: SessionApi): AddressBookSource {
  const departments = async (filterType: string, value: number): Promise<DepartmentNode[]> => {
    const found = await api.post<SearchResponse>('departments/department_ids/search/', {
      cmdid: CMD.searchDepartmentIds,
      filter_type: [filterType],
      filter_value: [value],
    });
    if (!found.ids?.length) return [];
    const info = await api.post<DepartmentInfo>('departments/department_ids/', {
      cmdid: CMD.subscribeDepartment,
      department_ids: found.ids,
      last_modify_dtms: found.ids.map(() => 0),
    });
    return toNodes(info);
  };
  return {
    topDepartments: () => departments('senior_id', -1),
    childDepartments: (depId) => departments('senior_id', depId),
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
      const info = await api.post<UsrInfo>('usrs/usr_ids/', {
        cmdid: CMD.subscribeUsr,
        usr_ids: ids,
        last_modify_dtms: ids.map(() => 0),
      });
      return (info.usr_ids ?? []).map((id, i) => ({
        id,
        name: info.nick_names?.[i] ?? String(id),
        callAddr: info.call_addrs?.[i] ?? '',
      }));
    },
  };
}
