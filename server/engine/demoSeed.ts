/**
 * The demo tenant seeded on an empty store: the address book, the demo room (its meeting
 * started), a bookings-only room and a class room without adhoc meetings, and two admins.
 */
import type { StoreOp } from '../store/types';
import type { AbDepartment, AbUser } from './addressBook';
import { generateAddressBook } from './addressBookSeed';
import type { EngineCore } from './engineCore';
import { COLLECTIONS } from './engineConfig';
import { newRoomRecord } from './roomRecord';

export function seedDemo(engine: EngineCore): { users: AbUser[]; departments: AbDepartment[]; write: Promise<void> } {
  const now = engine.nowSecs();
  const cfg = engine.config;
  const book = generateAddressBook(cfg.seed, cfg.addressBookUsers, now);
  const demo = newRoomRecord({
    mrId: cfg.demoMrId,
    roomName: 'Podium demo room',
    hostPwd: cfg.demoHostPwd,
    supervisorPwd: cfg.demoSupervisorPwd,
    adhocEnabled: true,
    nowSecs: now,
    bookings: [
      { id: 101, name: 'Weekly review', startDtm: now + cfg.demoBookingMinutes * 60, duration: 3600 },
      { id: 102, name: 'Training', startDtm: now + 27 * 3600, duration: 7200 },
    ],
  });
  demo.mrName = 'Podium demo meeting';
  demo.resourceTmpl = { ...demo.resourceTmpl, maxMosic: cfg.demoMaxMosaic, hasRecord: cfg.demoRecording ? 1 : 0 };
  // room for the whole simulated population and the calls controllers add
  demo.maxCall = cfg.demoMaxCall ?? Math.max(1000, Math.ceil(cfg.simEndpoints * 1.5));
  demo.status.cascade_mode = 'parent';
  const scheduled = newRoomRecord({
    mrId: String(Number(cfg.demoMrId) + 1),
    roomName: 'Board room (bookings only)',
    hostPwd: cfg.demoHostPwd,
    supervisorPwd: cfg.demoSupervisorPwd,
    adhocEnabled: false,
    nowSecs: now,
    bookings: [{ id: 201, name: 'Board meeting', startDtm: now + 2 * 86400, duration: 3600 }],
  });
  const noAdhoc = newRoomRecord({
    mrId: String(Number(cfg.demoMrId) + 2),
    roomName: 'Training room (adhoc disabled)',
    hostPwd: cfg.demoHostPwd,
    supervisorPwd: cfg.demoSupervisorPwd,
    adhocEnabled: false,
    nowSecs: now,
    mrScene: 'class',
  });
  for (const rec of [demo, scheduled, noAdhoc]) {
    rec.serviceExpiryDtm = now + 86400 * cfg.demoServiceDays;
    engine.addRoom(rec, []);
  }
  const demoRoom = engine.rooms.get(demo.mrId)!;
  engine.startMeeting(demoRoom, now);
  const ops: StoreOp[] = [
    ...book.departments.map((d) => ({ op: 'put' as const, collection: COLLECTIONS.departments, key: String(d.id), value: d })),
    ...book.users.map((u) => ({ op: 'put' as const, collection: COLLECTIONS.users, key: String(u.id), value: u })),
    {
      op: 'put',
      collection: COLLECTIONS.admins,
      key: 'admin',
      value: { loginId: 'admin', pwdMd5: 'e10adc3949ba59abbe56e057f20f883e', privileged: true },
    },
    {
      op: 'put',
      collection: COLLECTIONS.admins,
      key: 'operator',
      value: { loginId: 'operator', pwdMd5: 'e10adc3949ba59abbe56e057f20f883e', privileged: false },
    },
  ];
  const write = engine.store
    .batch(ops)
    .then(() => Promise.all([...engine.rooms.values()].map((r) => engine.saveRoom(r, true))))
    .then(() => undefined);
  return { ...book, write };
}
