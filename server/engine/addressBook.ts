/**
 * The tenant's address book: a department tree and users, with a search index kept as parallel
 * lowercase columns so a substring search over 100,000 users is one tight scan.
 */
import type { DepartmentInfo, UsrInfo } from '../../protocol/wire';

export interface AbDepartment {
  id: number;
  name: string;
  /** parent department id, -1 for a top-level department */
  senior: number;
  desc: string;
  creator: number;
  createDtm: number;
  lastModify: number;
}

export interface AbUser {
  id: number;
  cuid: string;
  /** user number (usr_mark) */
  mark: string;
  nick: string;
  loginId: string;
  callAddr: string;
  email: string;
  phone: string;
  /** 1 H.323, 2 SIP, 3 multi-stream */
  usrType: number;
  protocolType: number;
  deps: number[];
  duty: string;
  gender: number;
  fixedPhone: string;
  isEndpoint: number;
  createDtm: number;
  lastModify: number;
}

export const SEARCH_LIMIT = 500;

export interface SearchFilter {
  type: string;
  value: string | number;
}

export const USER_FILTERS = ['usr_mark', 'call_addr', 'nick_name', 'login_id', 'phone_no', 'email', 'keyword', 'department_id'] as const;
export const DEPARTMENT_FILTERS = ['senior_id', 'department_name', 'department_id'] as const;

export class AddressBook {
  readonly users = new Map<number, AbUser>();
  readonly departments = new Map<number, AbDepartment>();
  private children = new Map<number, number[]>();
  private index: {
    ids: Int32Array;
    cols: Record<string, string[]>;
    /** each column joined with '\n', and where each row starts in it: one indexOf pass per search */
    joined: Record<string, { text: string; starts: Int32Array }>;
    deps: number[][];
    /** rows of each department, ascending */
    byDep: Map<number, number[]>;
  } | null = null;

  constructor(users: AbUser[] = [], departments: AbDepartment[] = []) {
    for (const d of departments) this.departments.set(d.id, d);
    for (const u of users) this.users.set(u.id, u);
    this.rebuildTree();
  }

  /** Replaces or adds a user and keeps the index current. */
  putUser(u: AbUser): void {
    this.users.set(u.id, u);
    this.index = null;
  }

  private rebuildTree(): void {
    this.children.clear();
    for (const d of this.departments.values()) {
      const list = this.children.get(d.senior) ?? [];
      list.push(d.id);
      this.children.set(d.senior, list);
    }
  }

  private ensureIndex() {
    if (this.index) return this.index;
    const sorted = [...this.users.values()].sort((a, b) => a.id - b.id);
    const cols: Record<string, string[]> = {
      usr_mark: [],
      call_addr: [],
      nick_name: [],
      login_id: [],
      phone_no: [],
      email: [],
      keyword: [],
    };
    const deps: number[][] = [];
    for (const u of sorted) {
      cols.usr_mark.push(u.mark.toLowerCase());
      cols.call_addr.push(u.callAddr.toLowerCase());
      cols.nick_name.push(u.nick.toLowerCase());
      cols.login_id.push(u.loginId.toLowerCase());
      cols.phone_no.push(u.phone);
      cols.email.push(u.email.toLowerCase());
      // call address and e-mail repeat the user number and login id: left out to keep the scan short
      cols.keyword.push(`${u.nick}\u0001${u.mark}\u0001${u.loginId}\u0001${u.phone}`.toLowerCase());
      deps.push(u.deps);
    }
    const joined: Record<string, { text: string; starts: Int32Array }> = {};
    for (const [name, col] of Object.entries(cols)) {
      const starts = new Int32Array(col.length + 1);
      let at = 0;
      col.forEach((v, i) => {
        starts[i] = at;
        at += v.length + 1;
      });
      starts[col.length] = at;
      joined[name] = { text: col.join('\n') + '\n', starts };
    }
    const byDep = new Map<number, number[]>();
    deps.forEach((list, row) => {
      for (const d of list) {
        const rows = byDep.get(d) ?? [];
        rows.push(row);
        byDep.set(d, rows);
      }
    });
    this.index = { ids: Int32Array.from(sorted.map((u) => u.id)), cols, joined, deps, byDep };
    return this.index;
  }

  /**
   * Users matching every filter (substring, case-insensitive; `department_id` exact). Answers at
   * most {@link SEARCH_LIMIT} ids in id order (or `sortby: 'nick_name'`), the total, and whether it was cut.
   */
  searchUsers(filters: SearchFilter[], sortby?: string): { ids: number[]; total: number; tooMany: boolean } {
    const idx = this.ensureIndex();
    const textFilters = filters.filter((f) => f.type !== 'department_id').sort((a, b) => String(b.value).length - String(a.value).length);
    const text = textFilters.map((f) => ({ col: idx.cols[f.type], v: String(f.value).toLowerCase() }));
    const depFilters = filters.filter((f) => f.type === 'department_id').map((f) => Number(f.value));
    const n = idx.ids.length;
    const sorting = sortby === 'nick_name';
    // rows past the answer's limit are only counted, unless all of them must be sorted first
    const hits: number[] = [];
    let total = 0;
    const hit = (i: number) => {
      if (sorting || hits.length < SEARCH_LIMIT) hits.push(i);
      total++;
    };
    const keep = (i: number) => {
      for (let k = 1; k < text.length; k++) if (!text[k].col[i].includes(text[k].v)) return;
      for (let k = 0; k < depFilters.length; k++) if (!idx.deps[i].includes(depFilters[k])) return;
      hit(i);
    };
    if (depFilters.length) {
      // the department's members are the candidates
      outer: for (const i of idx.byDep.get(depFilters[0]) ?? []) {
        for (let k = 0; k < text.length; k++) if (!text[k].col[i].includes(text[k].v)) continue outer;
        for (let k = 1; k < depFilters.length; k++) if (!idx.deps[i].includes(depFilters[k])) continue outer;
        hit(i);
      }
    } else if (text.length && text[0].v.length > 0 && !text[0].v.includes('\n')) {
      // candidates from one indexOf pass over the joined column, then the other filters per row
      const { text: all, starts } = idx.joined[textFilters[0].type];
      let from = 0;
      for (;;) {
        const pos = all.indexOf(text[0].v, from);
        if (pos < 0) break;
        let lo = 0;
        let hi = n - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (starts[mid] <= pos) lo = mid;
          else hi = mid - 1;
        }
        keep(lo);
        from = starts[lo + 1];
      }
    } else if (!text.length && !depFilters.length) {
      // no filter: everyone, in id order
      total = n;
      for (let i = 0; i < n && (sorting || i < SEARCH_LIMIT); i++) hits.push(i);
    } else {
      outer: for (let i = 0; i < n; i++) {
        for (let k = 0; k < text.length; k++) if (!text[k].col[i].includes(text[k].v)) continue outer;
        for (let k = 0; k < depFilters.length; k++) if (!idx.deps[i].includes(depFilters[k])) continue outer;
        hit(i);
      }
    }
    if (sorting) hits.sort((a, b) => (idx.cols.nick_name[a] < idx.cols.nick_name[b] ? -1 : 1));
    const ids = hits.slice(0, SEARCH_LIMIT).map((i) => idx.ids[i]);
    return { ids, total, tooMany: total > SEARCH_LIMIT };
  }

  searchDepartments(filters: SearchFilter[]): { ids: number[]; total: number; tooMany: boolean } {
    const hits: number[] = [];
    for (const d of this.departments.values()) {
      let ok = true;
      for (const f of filters) {
        if (f.type === 'senior_id' && d.senior !== Number(f.value)) ok = false;
        else if (f.type === 'department_id' && d.id !== Number(f.value)) ok = false;
        else if (f.type === 'department_name' && !d.name.toLowerCase().includes(String(f.value).toLowerCase())) ok = false;
      }
      if (ok) hits.push(d.id);
    }
    hits.sort((a, b) => a - b);
    return { ids: hits.slice(0, SEARCH_LIMIT), total: hits.length, tooMany: hits.length > SEARCH_LIMIT };
  }

  /** Direct children departments and direct member users; with `recursive`, the whole subtree. */
  childrenOf(depIds: number[], recursive: boolean): { departmentIds: number[]; usrIds: number[] } {
    const deps = new Set<number>();
    const stack = [...depIds];
    const roots = new Set(depIds);
    while (stack.length) {
      const d = stack.pop()!;
      for (const c of this.children.get(d) ?? []) {
        if (deps.has(c)) continue;
        deps.add(c);
        if (recursive) stack.push(c);
      }
    }
    const memberOf = recursive ? new Set([...roots, ...deps]) : roots;
    const usrIds: number[] = [];
    for (const u of this.users.values()) if (u.deps.some((d) => memberOf.has(d))) usrIds.push(u.id);
    return { departmentIds: [...deps].sort((a, b) => a - b), usrIds: usrIds.sort((a, b) => a - b) };
  }

  /** The `department_info` arrays of the given departments (unknown ids are skipped). */
  departmentInfo(ids: number[]): DepartmentInfo {
    const out: DepartmentInfo = {
      cmdid: 'department_info',
      department_ids: [],
      department_names: [],
      senior_ids: [],
      department_descs: [],
      creator_usr_ids: [],
      create_dtms: [],
      last_modify_dtms: [],
    };
    for (const id of ids) {
      const d = this.departments.get(id);
      if (!d) continue;
      out.department_ids.push(d.id);
      out.department_names.push(d.name);
      out.senior_ids.push(d.senior);
      out.department_descs.push(d.desc);
      out.creator_usr_ids.push(d.creator);
      out.create_dtms.push(d.createDtm);
      out.last_modify_dtms.push(d.lastModify);
    }
    return out;
  }

  /** The `usr_info` arrays of the given users; `online` tells whether a user is in a meeting now. */
  usrInfo(ids: number[], online: (id: number) => boolean): UsrInfo {
    const out: UsrInfo = {
      cmdid: 'usr_info',
      usr_ids: [],
      cuids: [],
      nick_names: [],
      call_addrs: [],
      emails: [],
      phone_nos: [],
      usr_types: [],
      ptotocol_types: [],
      login_ids: [],
      last_modify_dtms: [],
      current_department: [],
      online_status: [],
      activates: [],
      creator_times: [],
      creator_usr_ids: [],
      max_rooms: [],
      priorities: [],
      usr_avatars: [],
      usr_marks: [],
      verifies: [],
      duties: [],
      genders: [],
      fixed_phones: [],
      is_endpoints: [],
      valid_periods: [],
      peer_subs: [],
      lower_mrids: [],
      lower_ips: [],
      lower_pwds: [],
    };
    for (const id of ids) {
      const u = this.users.get(id);
      if (!u) continue;
      out.usr_ids.push(u.id);
      out.cuids.push(u.cuid);
      out.nick_names.push(u.nick);
      out.call_addrs.push(u.callAddr);
      out.emails.push(u.email);
      out.phone_nos.push(u.phone);
      out.usr_types.push(u.usrType);
      out.ptotocol_types.push(u.protocolType);
      out.login_ids.push(u.loginId);
      out.last_modify_dtms.push(u.lastModify);
      out.current_department.push(u.deps);
      out.online_status.push(online(u.id) ? 1 : 0);
      out.activates.push(1);
      out.creator_times.push(u.createDtm);
      out.creator_usr_ids.push(1);
      out.max_rooms.push(1);
      out.priorities.push(0);
      out.usr_avatars.push('');
      out.usr_marks.push(u.mark);
      out.verifies.push(1);
      out.duties.push(u.duty);
      out.genders.push(u.gender);
      out.fixed_phones.push(u.fixedPhone);
      out.is_endpoints.push(u.isEndpoint);
      out.valid_periods.push(0);
      out.peer_subs.push('');
      out.lower_mrids.push('');
      out.lower_ips.push('');
      out.lower_pwds.push('');
    }
    return out;
  }

  departmentName(id: number): string {
    return this.departments.get(id)?.name ?? '';
  }
}
