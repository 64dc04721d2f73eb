/**
 * The address book's questions that nothing caches (spec §7): department and user searches and
 * the online status of users. Each request body is built here, and each answer read into what
 * the dialog shows, so the address-book actor is the one place that asks them.
 */
import { CMD } from '../../protocol/cmdids';
import type { SearchResponse } from '../../protocol/wire';

export type AddressBookQuery =
  /** departments under a senior (`senior_id`, -1: the top) or whose name contains the text */
  | { kind: 'departments'; by: 'senior_id' | 'department_name'; value: number | string }
  | { kind: 'users'; keyword: string; depId?: number }
  /** `usrs/get_usr_online_status/` (facts §6.9) */
  | { kind: 'online'; ids: readonly number[] };

/** A search answer: the matching ids, how many there are, and whether the server found too many. */
export interface SearchFound {
  ids: number[];
  total: number;
  tooMany: boolean;
}

export type QueryAnswer =
  | { kind: 'departments' | 'users'; found: SearchFound }
  /** users known online (`online_status` > 0) or not; ids the server does not know are left out */
  | { kind: 'online'; online: readonly (readonly [number, boolean])[] };

/** The suffix under the session and the body of a query. */
export function queryRequest(query: AddressBookQuery): { suffix: string; body: Record<string, unknown> } {
  switch (query.kind) {
    case 'departments':
      return {
        suffix: 'departments/department_ids/search/',
        body: { cmdid: CMD.searchDepartmentIds, filter_type: [query.by], filter_value: [query.value] },
      };
    case 'users': {
      const filter_type: string[] = [];
      const filter_value: (string | number)[] = [];
      if (query.keyword) {
        filter_type.push('keyword');
        filter_value.push(query.keyword);
      }
      if (query.depId !== undefined) {
        filter_type.push('department_id');
        filter_value.push(query.depId);
      }
      return { suffix: 'usrs/usr_id/search/', body: { cmdid: CMD.searchUsr, filter_type, filter_value } };
    }
    case 'online':
      return { suffix: 'usrs/get_usr_online_status/', body: { cmdid: CMD.getUsrOnlineStatus, usr_ids: [...query.ids] } };
  }
}

/** The answer of a query as the dialog reads it. */
export function queryAnswer(query: AddressBookQuery, answer: unknown): QueryAnswer {
  if (query.kind === 'online') {
    const res = (answer ?? {}) as { usr_ids?: number[]; online_status?: number[] };
    return { kind: 'online', online: (res.usr_ids ?? []).map((id, i) => [id, (res.online_status?.[i] ?? 0) > 0] as const) };
  }
  const res = (answer ?? {}) as Partial<SearchResponse>;
  const ids = res.ids ?? [];
  return { kind: query.kind, found: { ids, total: res.total ?? ids.length, tooMany: res.too_many === 1 } };
}
