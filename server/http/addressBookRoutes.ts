/**
 * The address-book calls (protocol-facts §7, console spec): user and department search,
 * subscribe, children and online status. The platform serves them under the meeting session
 * prefix (the console's use) and under the management prefix (the Java CM client's use,
 * real-client-findings §4), so both prefixes share these handlers; each caller checks its own
 * session first. Ids are integers; filter values may be numbers (`senior_id` -1).
 */
import { RC } from '../../protocol/codes';
import type { SearchResponse } from '../../protocol/wire';
import { SEARCH_LIMIT, type SearchFilter } from '../engine/addressBook';
import type { Engine } from '../engine/engine';
import { badField } from '../engine/errors';
import { asBody, int, intArray, str, strArray, type Body } from '../engine/validate';
import { json, type ApiRequest, type ApiResult } from './router';

/** Handlers by path suffix (after the session prefix). */
export function addressBookHandlers(engine: Engine): Record<string, (req: ApiRequest) => ApiResult> {
  const handlers: Record<string, (req: ApiRequest) => ApiResult> = {};
  const filters = (body: Body, allowed: readonly string[]): SearchFilter[] => {
    const types = strArray(body, 'filter_type', {
      optional: true,
      max: 10,
      maxLen: 64,
    });
    const raw = body.filter_value;
    const values = raw === undefined ? [] : Array.isArray(raw) ? raw : null;
    if (!values || values.length !== types.length) throw badField('filter_value');
    return types.map((type, i) => {
      if (!allowed.includes(type)) throw badField('filter_type', RC.valueOutOfRange);
      const v = values[i];
      if (typeof v !== 'string' && typeof v !== 'number') throw badField('filter_value');
      if (String(v).length > 256) throw badField('filter_value', RC.fieldTooLong);
      return { type, value: v };
    });
  };
  const searchAnswer = (cmdid: 'usr_ids' | 'department_ids', r: { ids: number[]; total: number; tooMany: boolean }) => {
    const body: SearchResponse & Record<string, unknown> = {
      cmdid,
      ids: r.ids,
      total: r.total,
      too_many: r.tooMany ? 1 : 0,
    };
    body[cmdid === 'usr_ids' ? 'usr_ids' : 'department_ids'] = r.ids;
    if (r.tooMany) body.result = RC.userSearchTooMany;
    return json(200, body);
  };
  handlers['usrs/usr_id/search/'] = (req) => {
    const body = asBody(req.body);
    const sortby = body.sortby === undefined ? undefined : str(body, 'sortby', { max: 32 });
    const f = filters(body, ['usr_mark', 'call_addr', 'nick_name', 'login_id', 'phone_no', 'email', 'keyword', 'department_id']);
    return searchAnswer('usr_ids', engine.addressBook.searchUsers(f, sortby));
  };
  handlers['departments/department_ids/search/'] = (req) => {
    // by name: the console spec's department search, an assumption (group department-search)
    const allowed = engine.offers('department-search') ? ['senior_id', 'department_name', 'department_id'] : ['senior_id', 'department_id'];
    const f = filters(asBody(req.body), allowed);
    const r = engine.addressBook.searchDepartments(f);
    // spec §5: more than 500 departments asks for narrower criteria; none of them is answered
    if (r.tooMany)
      return json(200, {
        cmdid: 'department_ids',
        ids: [],
        department_ids: [],
        total: r.total,
        too_many: 1,
        result: RC.departmentSearchTooMany,
      });
    return searchAnswer('department_ids', r);
  };
  /** subscribe: 304 when every requested record is unchanged since the given last_modify_dtms */
  const unchanged = (ids: number[], dtms: number[], current: (id: number) => number | undefined) =>
    dtms.length === ids.length && ids.length > 0 && ids.every((id, i) => current(id) === dtms[i]);
  handlers['usrs/usr_ids/'] = (req) => {
    const body = asBody(req.body);
    const ids = intArray(body, 'usr_ids', { max: SEARCH_LIMIT });
    const dtms = intArray(body, 'last_modify_dtms', {
      optional: true,
      max: SEARCH_LIMIT,
    });
    if (unchanged(ids, dtms, (id) => engine.addressBook.users.get(id)?.lastModify)) return { status: 304 };
    const info = engine.addressBook.usrInfo(ids, (id) => engine.isUserOnline(id));
    return json(200, {
      ...info,
      fail_usr_ids: ids.filter((id) => !engine.addressBook.users.has(id)),
    });
  };
  handlers['departments/department_ids/'] = (req) => {
    const body = asBody(req.body);
    const ids = intArray(body, 'department_ids', { max: SEARCH_LIMIT });
    const dtms = intArray(body, 'last_modify_dtms', {
      optional: true,
      max: SEARCH_LIMIT,
    });
    if (unchanged(ids, dtms, (id) => engine.addressBook.departments.get(id)?.lastModify)) return { status: 304 };
    return json(200, engine.addressBook.departmentInfo(ids));
  };
  handlers['departments/children_ids/'] = (req) => {
    const body = asBody(req.body);
    const ids = body.department_ids !== undefined ? intArray(body, 'department_ids', { max: 100 }) : [int(body, 'department_id', -1, 1e9)];
    const recursion = body.recursion === undefined ? 0 : int(body, 'recursion', 0, 1);
    const r = engine.addressBook.childrenOf(ids, recursion === 1);
    const tooMany = r.usrIds.length > SEARCH_LIMIT;
    return json(200, {
      cmdid: 'children_ids',
      department_ids: r.departmentIds,
      usr_ids: r.usrIds.slice(0, SEARCH_LIMIT),
      usr_total: r.usrIds.length,
      too_many: tooMany ? 1 : 0,
    });
  };
  handlers['usrs/get_usr_online_status/'] = (req) => {
    const ids = intArray(asBody(req.body), 'usr_ids', { max: SEARCH_LIMIT });
    const known = ids.filter((id) => engine.addressBook.users.has(id));
    return json(200, {
      cmdid: 'get_usr_online_status',
      usr_ids: known,
      online_status: known.map((id) => (engine.isUserOnline(id) ? 1 : 0)),
      fail_usr_ids: ids.filter((id) => !engine.addressBook.users.has(id)),
    });
  };
  return handlers;
}
