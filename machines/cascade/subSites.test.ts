/**
 * Deleting sub-sites by hand (issue 30): the spec's 200 ms removal delay with Undo inside it,
 * removal like any participant, and non-cascade allowed once the last one is gone. Simulated clock.
 */
import { describe, expect, it } from 'vitest';
import { createActor, setup, SimulatedClock, spawnChild, type AnyActorRef } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { RC } from '../../protocol/codes';
import { commandsMachine } from '../commands/commandsMachine';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { miniSession } from '../testing/miniSession';
import { cascadeMachine, type CascadeEmitted } from './cascadeMachine';
import { selectHiddenSubSites, selectRemovedSubSites, selectSubSiteRemovals } from './selectors';
import { isSubSite, sameSubSites, SUB_SITE_REMOVAL_DELAY_MS, subSitesOf } from './subSites';
import type { Participant } from '../participants/participantStore';

const status = (fields: object) => ({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', seq: 1, ...fields } }) as never;

function started() {
  const h = miniSession(cascadeMachine, 'cascade');
  const emitted: CascadeEmitted[] = [];
  h.actor.on('*', (e) => emitted.push(e as CascadeEmitted));
  h.actor.send(status({ cascade_mode: 'parent', cascade_points: 2 }));
  return { ...h, emitted };
}

/** bodies posted, without the request id the commands actor adds */
const bodies = (calls: { method: string; body?: Record<string, unknown> }[]) =>
  calls
    .filter((c) => c.method === 'post')
    .map(({ body }) => {
      const { req_id: _id, ...rest } = body ?? {};
      return rest;
    });
const posted = (h: ReturnType<typeof started>) => bodies(h.calls);

describe('sub-site removal', () => {
  it('is sent only when the 200 ms delay is over: drop of the online leg, then del_participants', async () => {
    const h = started();
    h.actor.send({ type: 'subSite.delete', usrId: 'c1', online: true });
    expect(selectSubSiteRemovals(h.snap())).toEqual({ c1: 'undoable' });
    h.clock.increment(SUB_SITE_REMOVAL_DELAY_MS - 1);
    expect(posted(h)).toHaveLength(0);
    h.clock.increment(1);
    expect(posted(h)).toEqual([{ cmdid: 'ctrl_mr_eps', action: 'drop', usr_ids: ['c1'] }]);
    expect(selectSubSiteRemovals(h.snap())).toEqual({ c1: 'sending' });
    h.answer('eps-status', {});
    await flush();
    expect(posted(h)[1]).toEqual({ cmdid: 'ctrl_mr_eps', action: 'del_participants', usr_ids: ['c1'] });
    h.answer('eps-status', {});
    await flush();
    expect(selectSubSiteRemovals(h.snap())).toEqual({});
    expect(selectRemovedSubSites(h.snap())).toEqual(['c1']);
  });

  it('an offline (invited) sub-site is only taken off the list', () => {
    const h = started();
    h.actor.send({ type: 'subSite.delete', usrId: 'c2', online: false });
    h.clock.increment(SUB_SITE_REMOVAL_DELAY_MS);
    expect(posted(h)).toEqual([{ cmdid: 'ctrl_mr_eps', action: 'del_participants', usr_ids: ['c2'] }]);
  });

  it('Undo inside the 200 ms sends nothing, ever; a second Delete starts a new delay', () => {
    const h = started();
    h.actor.send({ type: 'subSite.delete', usrId: 'c1', online: true });
    h.clock.increment(SUB_SITE_REMOVAL_DELAY_MS - 1);
    h.actor.send({ type: 'subSite.undo', usrId: 'c1' });
    expect(selectSubSiteRemovals(h.snap())).toEqual({});
    h.clock.increment(10 * SUB_SITE_REMOVAL_DELAY_MS);
    expect(posted(h)).toHaveLength(0);
    h.actor.send({ type: 'subSite.delete', usrId: 'c1', online: true });
    h.clock.increment(SUB_SITE_REMOVAL_DELAY_MS);
    expect(posted(h)).toHaveLength(1);
  });

  it('Undo after the delay changes nothing: the removal is on its way', () => {
    const h = started();
    h.actor.send({ type: 'subSite.delete', usrId: 'c1', online: false });
    h.clock.increment(SUB_SITE_REMOVAL_DELAY_MS);
    h.actor.send({ type: 'subSite.undo', usrId: 'c1' });
    expect(selectSubSiteRemovals(h.snap())).toEqual({ c1: 'sending' });
    expect(posted(h)).toHaveLength(1);
  });

  it('two sub-sites have their own delays: undoing one keeps the other', () => {
    const h = started();
    h.actor.send({ type: 'subSite.delete', usrId: 'c1', online: false });
    h.clock.increment(100);
    h.actor.send({ type: 'subSite.delete', usrId: 'c2', online: false });
    h.actor.send({ type: 'subSite.undo', usrId: 'c2' });
    h.clock.increment(100);
    expect(posted(h)).toEqual([{ cmdid: 'ctrl_mr_eps', action: 'del_participants', usr_ids: ['c1'] }]);
  });

  it('a refused removal is reported with the server code and the sub-site stays', async () => {
    const h = started();
    h.actor.send({ type: 'subSite.delete', usrId: 'c1', online: false });
    h.clock.increment(SUB_SITE_REMOVAL_DELAY_MS);
    h.fail('eps-status', new ApiError('http', 403, '/eps-status', RC.participantNotFound));
    await flush();
    expect(h.emitted).toContainEqual({ type: 'subSite.refused', usrId: 'c1', result: RC.participantNotFound, status: 403 });
    expect(selectRemovedSubSites(h.snap())).toEqual([]);
    expect(selectSubSiteRemovals(h.snap())).toEqual({});
  });

  it('non-cascade is refused while sub-sites exist and allowed once the last is gone', async () => {
    const h = started();
    h.actor.send({ type: 'cascade.set', mode: '' });
    expect(h.emitted.map((e) => e.type)).toEqual(['cascade.refused']);
    for (const usrId of ['c1', 'c2']) {
      h.actor.send({ type: 'subSite.delete', usrId, online: false });
      h.clock.increment(SUB_SITE_REMOVAL_DELAY_MS);
      h.answer('eps-status', {});
      await flush();
    }
    // the server reports the points it has left
    h.actor.send(status({ cascade_points: 1 }));
    h.actor.send({ type: 'cascade.set', mode: '' });
    expect(h.emitted.filter((e) => e.type === 'cascade.refused')).toHaveLength(2);
    h.actor.send(status({ cascade_points: 0 }));
    h.actor.send({ type: 'cascade.set', mode: '' });
    expect(posted(h).at(-1)).toEqual({ cmdid: 'mod_mr_status', cascade_mode: '' });
  });
});

describe('sub-sites counted from the participant list (every wire mode reports dev_type)', () => {
  const person = (usr_id: string, dev_type: string, online: 0 | 1 = 1) =>
    ({ usr_id, usr_name: `N ${usr_id}`, dev_type, online }) as unknown as Participant;

  /** a cascade actor beside a loaded participant list that holds `list()` at each read */
  function besideList(list: () => readonly Participant[]) {
    const participants = setup({}).createMachine({
      initial: 'ready',
      // the store's sub-site records are its list's sub-sites (participantStoreIndex.test.ts)
      context: { store: { list, subSites: () => list().filter(isSubSite) } },
      states: { ready: {} },
    });
    const script = scriptedSessionApi();
    const root = setup({ actors: { commands: commandsMachine, cascade: cascadeMachine, participants } }).createMachine({
      entry: [
        spawnChild('commands', { id: 'commands', systemId: 'commands', input: { api: script.api, newRequestId: () => 'r1' } }),
        spawnChild('participants', { id: 'participants', systemId: 'participants' }),
        spawnChild('cascade', { id: 'cascade', systemId: 'cascade' }),
      ],
    });
    const clock = new SimulatedClock();
    const actor = createActor(root, { clock }).start();
    const cascade = actor.getSnapshot().children.cascade as AnyActorRef;
    const refused: unknown[] = [];
    cascade.on('cascade.refused', (e) => refused.push(e));
    cascade.send(status({ cascade_mode: 'parent' }));
    return { script, clock, cascade, refused };
  }

  it('a listed sub-site blocks non-cascade even when the server reports no cascade_points (platform)', () => {
    let list: Participant[] = [person('a', 'hard_terminal'), person('c1', 'mr_cascade_sub', 0)];
    const { script, cascade, refused } = besideList(() => list);
    cascade.send({ type: 'cascade.set', mode: '' });
    expect(refused).toHaveLength(1);
    expect(script.calls).toHaveLength(0);
    list = [person('a', 'hard_terminal')];
    cascade.send({ type: 'cascade.set', mode: '' });
    expect(refused).toHaveLength(1);
    expect(bodies(script.calls)).toEqual([{ cmdid: 'mod_mr_status', cascade_mode: '' }]);
  });

  it('a sub-site removed on the server no longer blocks non-cascade while the list still holds its leg', async () => {
    const list: Participant[] = [person('c1', 'mr_cascade_sub', 1)];
    const { script, clock, cascade, refused } = besideList(() => list);
    cascade.send({ type: 'subSite.delete', usrId: 'c1', online: false });
    clock.increment(SUB_SITE_REMOVAL_DELAY_MS);
    script.answer('eps-status', {});
    await flush();
    // the hang-up reaches the list in the server's next batch: the leg is still listed, and counted out
    expect(selectRemovedSubSites(cascade.getSnapshot())).toEqual(['c1']);
    cascade.send({ type: 'cascade.set', mode: '' });
    expect(refused).toHaveLength(0);
    expect(bodies(script.calls).at(-1)).toEqual({ cmdid: 'mod_mr_status', cascade_mode: '' });
    // still listed: remembered; gone from the list: forgotten (the same usr_id may be invited again)
    cascade.send({ type: 'subSites.listed', usrIds: ['c1'] });
    expect(selectRemovedSubSites(cascade.getSnapshot())).toEqual(['c1']);
    cascade.send({ type: 'subSites.listed', usrIds: [] });
    expect(selectRemovedSubSites(cascade.getSnapshot())).toEqual([]);
  });

  it('subSitesOf keeps the mr_cascade_sub legs in order with name and presence', () => {
    const list = [person('a', 'hard_terminal'), person('c1', 'mr_cascade_sub', 0), person('c2', 'mr_cascade_sub', 1)];
    const subs = subSitesOf(list);
    expect(subs).toEqual([
      { usrId: 'c1', name: 'N c1', online: false },
      { usrId: 'c2', name: 'N c2', online: true },
    ]);
    expect(sameSubSites(subs, subSitesOf(list))).toBe(true);
    expect(sameSubSites(subs, subs.slice(1))).toBe(false);
  });
});

describe('hiding a sub-site', () => {
  it('is held per usr_id and undone by showing it again; a removed sub-site leaves the hidden list', async () => {
    const h = started();
    h.actor.send({ type: 'subSite.hide', usrId: 'c1', hidden: true });
    h.actor.send({ type: 'subSite.hide', usrId: 'c2', hidden: true });
    expect(selectHiddenSubSites(h.snap())).toEqual(['c1', 'c2']);
    h.actor.send({ type: 'subSite.hide', usrId: 'c2', hidden: false });
    expect(selectHiddenSubSites(h.snap())).toEqual(['c1']);
    h.actor.send({ type: 'subSite.delete', usrId: 'c1', online: false });
    h.clock.increment(SUB_SITE_REMOVAL_DELAY_MS);
    h.answer('eps-status', {});
    await flush();
    expect(selectHiddenSubSites(h.snap())).toEqual([]);
    expect(posted(h)).toHaveLength(1);
  });
});
