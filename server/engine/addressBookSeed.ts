/**
 * The demo tenant's generated address book: a department tree (head office, regions, branches)
 * and users with Chinese and English names, drawn from a seeded generator so a seed gives the
 * same book; `personName` names the simulator's guests the same way.
 */
import type { AbDepartment, AbUser } from './addressBook';
import { Rng } from './rng';

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '胡', '朱', '高', '林', '何', '郭', '马', '罗'];
const GIVEN = [
  '伟',
  '芳',
  '娜',
  '敏',
  '静',
  '丽',
  '强',
  '磊',
  '军',
  '洋',
  '勇',
  '艳',
  '杰',
  '娟',
  '涛',
  '明',
  '超',
  '秀英',
  '华',
  '平',
  '建国',
  '晓东',
];
const FIRST = [
  'Alice',
  'Ben',
  'Chloe',
  'David',
  'Emma',
  'Felix',
  'Grace',
  'Henry',
  'Iris',
  'Jack',
  'Kate',
  'Leo',
  'Mia',
  'Noah',
  'Olivia',
  'Paul',
];
const LAST = ['Smith', 'Chen', 'Garcia', 'Müller', 'Tanaka', 'Brown', 'Wang', 'Rossi', 'Kim', 'Nguyen', 'Silva', 'Novak'];
const TOP_DEPARTMENTS = [
  '总部 Headquarters',
  '研发中心 R&D',
  '销售部 Sales',
  '市场部 Marketing',
  '行政部 Administration',
  '分公司 Branches',
];
/** regions of the branch network under 分公司 Branches, each with {@link BRANCHES_PER_REGION} offices */
const REGIONS = ['华北 North', '华东 East', '华南 South', '华中 Central', '西南 Southwest', '西北 Northwest'];
export const BRANCHES_PER_REGION = 100;
const DUTIES = ['工程师', '经理', '主管', '专员', 'Engineer', 'Manager', 'Director', ''];

/** A person's name from the seeded generator: mostly Chinese, some English. */
export function personName(rng: Rng): string {
  if (rng.chance(0.7)) return rng.pick(SURNAMES) + rng.pick(GIVEN);
  return `${rng.pick(FIRST)} ${rng.pick(LAST)}`;
}

/**
 * Generates a deterministic address book: a three-level department tree and `userCount` users
 * spread over its departments. User ids start at 1001.
 */
export function generateAddressBook(seed: number, userCount: number, nowSecs: number): { users: AbUser[]; departments: AbDepartment[] } {
  const rng = new Rng(seed);
  const departments: AbDepartment[] = [];
  let nextDep = 1;
  const created = nowSecs - 86400 * 400;
  const addDep = (name: string, senior: number) => {
    const d: AbDepartment = {
      id: nextDep++,
      name,
      senior,
      desc: '',
      creator: 1,
      createDtm: created,
      lastModify: created + rng.int(0, 86400 * 300),
    };
    departments.push(d);
    return d;
  };
  for (const top of TOP_DEPARTMENTS) {
    const t = addDep(top, -1);
    const kids = rng.int(3, 5);
    for (let k = 1; k <= kids; k++) {
      const c = addDep(`${top.split(' ')[0]}-${k}组`, t.id);
      if (rng.chance(0.4)) for (let g = 1; g <= 2; g++) addDep(`${c.name}-${g}`, c.id);
    }
  }
  const users: AbUser[] = [];
  for (let i = 0; i < userCount; i++) {
    const id = 1001 + i;
    const nick = personName(rng);
    const mark = String(100000 + i);
    const usrType = rng.pick([1, 2, 2, 3]);
    const dep = departments[rng.int(0, departments.length - 1)].id;
    const login = `user${id}`;
    users.push({
      id,
      cuid: String(id),
      mark,
      nick,
      loginId: login,
      callAddr: usrType === 1 ? `${mark}@h323.podium.example` : `${mark}@sip.podium.example`,
      email: `${login}@podium.example`,
      phone: `1${rng.int(30, 89)}${String(rng.int(0, 99999999)).padStart(8, '0')}`,
      usrType,
      protocolType: usrType,
      deps: [dep],
      duty: rng.pick(DUTIES),
      gender: rng.int(0, 2),
      fixedPhone: '',
      isEndpoint: rng.chance(0.2) ? 1 : 0,
      createDtm: created,
      lastModify: created + rng.int(0, 86400 * 300),
    });
  }
  addBranchNetwork(departments, users, created);
  return { users, departments };
}

/**
 * The branch network of a tenant that runs cascaded meetings across many offices: regions under
 * 分公司 Branches with {@link BRANCHES_PER_REGION} branch offices each (600 in all, so a search
 * for "分公司" finds more than 500 departments and must be narrowed, spec §5). Every fifth user
 * also belongs to one office. Made after the users and without the generator, so the rest of the
 * seeded book stays as it was.
 */
function addBranchNetwork(departments: AbDepartment[], users: AbUser[], created: number): void {
  const top = departments.find((d) => d.senior === -1 && d.name.startsWith('分公司'));
  if (!top) return;
  let nextDep = Math.max(...departments.map((d) => d.id)) + 1;
  const add = (name: string, senior: number): AbDepartment => {
    const id = nextDep++;
    const d: AbDepartment = {
      id,
      name,
      senior,
      desc: '',
      creator: 1,
      createDtm: created,
      lastModify: created + ((id * 7919) % (86400 * 300)),
    };
    departments.push(d);
    return d;
  };
  const offices: number[] = [];
  for (const region of REGIONS) {
    const [zh] = region.split(' ');
    const r = add(`${zh}区 ${region.split(' ')[1]} Region`, top.id);
    for (let n = 1; n <= BRANCHES_PER_REGION; n++) offices.push(add(`${zh}分公司 ${String(n).padStart(3, '0')}`, r.id).id);
  }
  users.forEach((u, i) => {
    if (i % 5 === 0) u.deps = [...u.deps, offices[(i / 5) % offices.length]];
  });
}
