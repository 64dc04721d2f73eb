import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { ResourceTemplateInfo } from '@machines/index';
import { SessionHolder, type SessionRecord } from './sessionHolder';

const record: SessionRecord = {
  mrId: '0123',
  sessId: 's1',
  role: 'host',
  signKey: 'a2V5',
  signing: 'strict',
  mrScene: 'class',
  mrStartDtm: 1_700_000_000,
  scheduleStartDtm: 0,
  scheduleName: '',
  standAlone: 1,
  invalidTime: 0,
  expiredNotify: '',
  afterSaleMgrEmail: '',
  extra: '',
};

function memoryStore(initial: unknown = null) {
  const store = {
    record: initial,
    mrId: null as string | null,
    standalone: null as boolean | null,
    sessionRecord: () => store.record,
    setSessionRecord: (r: unknown) => {
      store.record = r === null ? null : JSON.parse(JSON.stringify(r));
    },
    setMrId: (id: string) => {
      store.mrId = id;
    },
    setStandalone: (v: boolean) => {
      store.standalone = v;
    },
  };
  return store;
}

const idle = createMachine({ id: 'session', initial: 'running', states: { running: {} } });

function started(r: SessionRecord) {
  const actor = createActor(idle, { input: r }).start();
  return { actor, end: () => actor.stop() };
}

describe('SessionHolder', () => {
  it('starts logged out when the tab has no session', () => {
    const holder = new SessionHolder(null, memoryStore());
    expect(holder.current()).toBeNull();
    expect(holder.actor()).toBeNull();
  });

  it('start keeps the record in the tab and the meeting id and standalone flag in the browser', () => {
    const store = memoryStore();
    const holder = new SessionHolder(null, store);
    const listener = vi.fn();
    holder.subscribe(listener);
    holder.start(record);
    expect(holder.current()).toEqual(record);
    expect(store.record).toEqual(record);
    expect(store.mrId).toBe('0123');
    expect(store.standalone).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('a reload restores the session from the tab storage and re-creates the actor from it', () => {
    const factory = vi.fn((r: SessionRecord) => started(r));
    const holder = new SessionHolder(factory, memoryStore(JSON.parse(JSON.stringify(record))));
    expect(holder.current()?.mrId).toBe('0123');
    const actor = holder.actor();
    expect(actor?.getSnapshot().status).toBe('active');
    expect(holder.actor()).toBe(actor);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(factory.mock.calls[0][0].mrId).toBe('0123');
  });

  it('a malformed stored record counts as logged out', () => {
    expect(new SessionHolder(null, memoryStore({ ...record, role: 'admin' })).current()).toBeNull();
    expect(new SessionHolder(null, memoryStore({ mrId: 123 })).current()).toBeNull();
    expect(new SessionHolder(null, memoryStore('garbage')).current()).toBeNull();
  });

  it('stop stops the actor and forgets the session', () => {
    const store = memoryStore();
    const holder = new SessionHolder(started, store);
    holder.start(record);
    const actor = holder.actor()!;
    holder.stop();
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(holder.current()).toBeNull();
    expect(holder.actor()).toBeNull();
    expect(store.record).toBeNull();
    // the meeting id stays for the next login
    expect(store.mrId).toBe('0123');
  });

  it('a new login replaces the previous session and stops its actor', () => {
    const holder = new SessionHolder(started, memoryStore());
    holder.start(record);
    const first = holder.actor()!;
    holder.start({ ...record, mrId: '8008038', sessId: 's2' });
    expect(first.getSnapshot().status).toBe('stopped');
    expect(holder.actor()).not.toBe(first);
    expect(holder.current()?.sessId).toBe('s2');
  });

  it('a resumed session replaces the record, token included, without restarting the actor', () => {
    const store = memoryStore();
    let report: ((r: SessionRecord) => void) | undefined;
    const factory = vi.fn((r: SessionRecord, onResumed?: (r: SessionRecord) => void) => {
      report = onResumed;
      return started(r);
    });
    const holder = new SessionHolder(factory, store);
    holder.start({ ...record, resumeToken: 'tok-1' });
    const actor = holder.actor()!;
    const listener = vi.fn();
    holder.subscribe(listener);
    const reportFirst = report!;
    reportFirst({ ...record, sessId: 's9', resumeToken: 'tok-2' });
    expect(holder.current()).toMatchObject({ sessId: 's9', resumeToken: 'tok-2' });
    expect(store.record).toMatchObject({ sessId: 's9', resumeToken: 'tok-2' });
    expect(holder.actor()).toBe(actor);
    expect(factory).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    // a report from an actor that was replaced meanwhile changes nothing
    holder.start({ ...record, sessId: 's3' });
    holder.actor();
    reportFirst({ ...record, sessId: 'stale' });
    expect(holder.current()?.sessId).toBe('s3');
  });

  it('reads a stored resume token back, and refuses one that is not a string', () => {
    expect(new SessionHolder(null, memoryStore({ ...record, resumeToken: 'tok' })).current()?.resumeToken).toBe('tok');
    expect(new SessionHolder(null, memoryStore({ ...record, resumeToken: 5 })).current()).toBeNull();
  });

  it('keeps the password for a re-login in memory only: the factory gets it, storage never does, a reload forgets it', () => {
    const store = memoryStore();
    const factory = vi.fn((r: SessionRecord) => started(r));
    const holder = new SessionHolder(factory, store);
    holder.start(record, { password: 'pw-secret' });
    holder.actor();
    expect(factory).toHaveBeenCalledWith(record, expect.any(Function), { password: 'pw-secret' }, expect.any(Function));
    expect(JSON.stringify(store)).not.toContain('pw-secret');

    const reloaded = new SessionHolder(factory, store);
    reloaded.actor();
    expect(factory).toHaveBeenLastCalledWith(
      expect.objectContaining({ sessId: 's1' }),
      expect.any(Function),
      undefined,
      expect.any(Function),
    );

    holder.stop();
    holder.start(record);
    holder.actor();
    expect(factory).toHaveBeenLastCalledWith(record, expect.any(Function), undefined, expect.any(Function));
  });

  describe('the room resource template, told once per login (issue 30)', () => {
    const template: ResourceTemplateInfo = {
      id: 7,
      name: 'Small room',
      max_mosic: 4,
      max_spk_mosic: 4,
      max_guest_mosic: 2,
      max_chair_mosic: 1,
      res_bw: '2M',
      single_view: 0,
      has_record: 0,
    };

    /** a factory that hands out the reporters of the actor it started last */
    function reportingFactory() {
      const reports = {
        tell: undefined as ((t: ResourceTemplateInfo) => void) | undefined,
        resume: undefined as ((r: SessionRecord) => void) | undefined,
      };
      const factory = vi.fn(
        (r: SessionRecord, onResumed?: (r: SessionRecord) => void, _c?: unknown, onTemplate?: (t: ResourceTemplateInfo) => void) => {
          reports.tell = onTemplate;
          reports.resume = onResumed;
          return started(r);
        },
      );
      return { factory, reports };
    }

    it('told → kept with the record → a reload starts the actor with it', () => {
      const store = memoryStore();
      const { factory, reports } = reportingFactory();
      const holder = new SessionHolder(factory, store);
      holder.start(record);
      holder.actor();
      expect(factory.mock.calls[0][0].resourceTemplate).toBeUndefined();
      reports.tell!(template);
      expect(holder.current()?.resourceTemplate).toEqual(template);
      expect(store.record).toMatchObject({ sessId: 's1', resourceTemplate: template });

      const reloaded = new SessionHolder(factory, store);
      reloaded.actor();
      expect(factory).toHaveBeenCalledTimes(2);
      expect(factory.mock.calls[1][0]).toMatchObject({ sessId: 's1', resourceTemplate: template });
    });

    it('a newer template replaces the kept one, and a resume keeps it until the server tells it again', () => {
      const store = memoryStore({ ...record, resourceTemplate: template });
      const { factory, reports } = reportingFactory();
      const holder = new SessionHolder(factory, store);
      holder.actor();
      const larger = { ...template, max_mosic: 9, has_record: 1 as const };
      reports.tell!(larger);
      expect(holder.current()?.resourceTemplate).toEqual(larger);
      reports.resume!({ ...record, sessId: 's9', resumeToken: 'tok-2' });
      expect(store.record).toMatchObject({ sessId: 's9', resumeToken: 'tok-2', resourceTemplate: larger });
      expect(new SessionHolder(factory, store).current()?.resourceTemplate).toEqual(larger);
    });

    it('a new login starts without one, and logging out forgets it', () => {
      const store = memoryStore({ ...record, resourceTemplate: template });
      const { factory, reports } = reportingFactory();
      const holder = new SessionHolder(factory, store);
      expect(holder.current()?.resourceTemplate).toEqual(template);
      holder.actor();
      const reportOfFirst = reports.tell!;
      holder.start({ ...record, sessId: 's2' });
      expect(holder.current()?.resourceTemplate).toBeUndefined();
      holder.actor();
      expect(factory.mock.calls[1][0].resourceTemplate).toBeUndefined();
      // the replaced actor's late report is not this login's template
      reportOfFirst(template);
      expect(holder.current()?.resourceTemplate).toBeUndefined();
      expect(store.record).not.toHaveProperty('resourceTemplate');
      reports.tell!(template);
      holder.stop();
      expect(store.record).toBeNull();
      expect(new SessionHolder(factory, store).current()).toBeNull();
    });

    it('a malformed stored template is dropped, the session kept', () => {
      const holder = new SessionHolder(null, memoryStore({ ...record, resourceTemplate: { ...template, has_record: 'no' } }));
      expect(holder.current()?.sessId).toBe('s1');
      expect(holder.current()?.resourceTemplate).toBeUndefined();
    });
  });

  describe('when the factory is loaded on demand', () => {
    it('has no actor until load() resolved, loads once, and a login starts the load', async () => {
      const factory = vi.fn((r: SessionRecord) => started(r));
      const load = vi.fn(() => Promise.resolve(factory));
      const holder = new SessionHolder({ load }, memoryStore());
      holder.start(record);
      expect(load).toHaveBeenCalledTimes(1);
      expect(holder.actor()).toBeNull();
      await holder.load();
      await holder.load();
      expect(load).toHaveBeenCalledTimes(1);
      expect(holder.actor()?.getSnapshot().status).toBe('active');
    });

    it('a failed load is tried again on the next call', async () => {
      const factory = vi.fn((r: SessionRecord) => started(r));
      const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(factory);
      const holder = new SessionHolder({ load }, memoryStore(JSON.parse(JSON.stringify(record))));
      await expect(holder.load()).rejects.toThrow('offline');
      expect(holder.actor()).toBeNull();
      await holder.load();
      expect(load).toHaveBeenCalledTimes(2);
      expect(holder.actor()).not.toBeNull();
    });
  });
});
