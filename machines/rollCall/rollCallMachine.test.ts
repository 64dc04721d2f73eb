import { describe, expect, it } from 'vitest';
import { createActor, createMachine, setup, SimulatedClock, spawnChild, type AnyActorRef } from 'xstate';
import type { MosicConfigEntry } from '../../protocol/wire';
import { commandsMachine } from '../commands/commandsMachine';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { mrStatus } from '../testing/fixtures';
import { rollCallMachine } from './rollCallMachine';
import { selectCalledUsrId, selectRollCallActive, selectRollCallView } from './selectors';

const status = (fields: object) => ({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', ...fields } }) as never;

/** the layouts in force before the roll call, as the meeting actor holds them */
const BEFORE: MosicConfigEntry[] = [
  { role: 'speaker', mosic_id: 'auto', cur_mosic_id: '2*2', layout_mode: 2, roles_lst: [], poll_secs: 10, view_has_self: 1 },
  { role: 'chair', mosic_id: 'auto', layout_mode: 2, roles_lst: [], poll_secs: 10, view_has_self: 0 },
  {
    role: 'guest',
    mosic_id: '2*2',
    miniMosicId: '',
    layout_mode: 2,
    roles_lst: [['1010'], ['-2'], ['9'], ['-1']],
    poll_secs: 20,
    view_has_self: 0,
  },
];

/** commands (real, on a scripted api), a meeting actor holding `BEFORE`, and the roll call, as in the session */
function session() {
  const script = scriptedSessionApi();
  let n = 0;
  const meeting = createMachine({ context: { mosaicConfigs: BEFORE } });
  const root = setup({ actors: { commands: commandsMachine, meeting, rollCall: rollCallMachine } }).createMachine({
    entry: [
      spawnChild('commands', { id: 'commands', systemId: 'commands', input: { api: script.api, newRequestId: () => `r${++n}` } }),
      spawnChild('meeting', { id: 'meeting', systemId: 'meeting' }),
      spawnChild('rollCall', { id: 'rollCall', systemId: 'rollCall' }),
    ],
  });
  const actor = createActor(root, { clock: new SimulatedClock() }).start();
  const rollCall = actor.getSnapshot().children.rollCall as AnyActorRef;
  const posts = () => script.calls.filter((c) => c.method === 'post').map((c) => ({ suffix: c.suffix, body: c.body }));
  /** answers the oldest open request, then lets the next step go out */
  const answerNext = async () => {
    const open = script.calls.find((c) => c.method === 'post' && !c.settled)!;
    script.answer(open.suffix, { result: 0 });
    await flush();
  };
  const snap = () => rollCall.getSnapshot();
  return { script, rollCall, posts, answerNext, snap };
}

describe('when idle', () => {
  it('rollCall.start sends the recipe one step at a time: roll_call 1, a_rx 1 for the called, the roll-call layout', async () => {
    const h = session();
    h.rollCall.send({ type: 'rollCall.start', usrId: '7', view: 'with_speaker' });
    expect(h.posts()).toHaveLength(1); // the next step waits for the answer: the server derives the called from the order
    expect(h.posts()[0]).toMatchObject({ suffix: 'mr-status', body: { cmdid: 'mod_mr_status', roll_call: 1 } });
    await h.answerNext();
    expect(h.posts()[1]).toMatchObject({ suffix: 'eps-status', body: { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: ['7'], value: 1 } });
    await h.answerNext();
    expect(h.posts()[2]).toMatchObject({
      suffix: 'mosic-config',
      body: {
        cmdid: 'config_mosic',
        config_info: [
          { role: 'speaker', mosic_id: '1', roles_lst: [['7']] },
          { role: 'guest', mosic_id: '1*1', roles_lst: [['1010'], ['7']] },
        ],
      },
    });
    await h.answerNext();
    expect(h.posts()).toHaveLength(3);
    expect(h.posts().some((p) => String(p.body?.action).startsWith('roll_call_'))).toBe(false);
    h.rollCall.send(status({ roll_call: 1 }));
    expect(selectRollCallActive(h.snap())).toBe(true);
    expect(selectCalledUsrId(h.snap())).toBe('7');
    expect(selectRollCallView(h.snap())).toBe('with_speaker');
  });

  it('the "called only" view shows the called alone to the audience too', async () => {
    const h = session();
    h.rollCall.send({ type: 'rollCall.start', usrId: '7', view: 'called_only' });
    await h.answerNext();
    await h.answerNext();
    expect(h.posts()[2].body?.config_info).toMatchObject([
      { role: 'speaker', mosic_id: '1', roles_lst: [['7']] },
      { role: 'guest', mosic_id: '1', roles_lst: [['7']] },
    ]);
  });

  it('a refused step stops the recipe: nothing more is sent', async () => {
    const h = session();
    h.rollCall.send({ type: 'rollCall.start', usrId: '7', view: 'with_speaker' });
    h.script.fail('mr-status', Object.assign(new Error('refused'), { status: 403, result: 4099 }));
    await flush();
    expect(h.posts()).toHaveLength(1);
    // and a new start is possible at once
    h.rollCall.send({ type: 'rollCall.start', usrId: '8', view: 'with_speaker' });
    expect(h.posts()).toHaveLength(2);
  });

  it('next and end are not offered', () => {
    const h = session();
    h.rollCall.send({ type: 'rollCall.next', usrId: '8' });
    h.rollCall.send({ type: 'rollCall.end' });
    expect(h.posts()).toHaveLength(0);
  });
});

describe('when calling', () => {
  it('next: the floor to the next, the previous back under the meeting mute, the layout', async () => {
    const h = session();
    h.rollCall.send({
      type: 'server.meeting_snapshot',
      snapshot: { status: mrStatus({ roll_call: 1, rollcall_usr_id: '7', all_guests_mute: 1 }), info: {} as never },
    });
    h.rollCall.send({ type: 'rollCall.next', usrId: '8' });
    await h.answerNext();
    await h.answerNext();
    await h.answerNext();
    expect(h.posts().map((p) => [p.body?.action ?? p.body?.cmdid, p.body?.usr_ids, p.body?.value])).toEqual([
      ['a_rx', ['8'], 1],
      ['a_rx', ['7'], 0],
      ['config_mosic', undefined, undefined],
    ]);
    expect(selectCalledUsrId(h.snap())).toBe('8');
  });

  it('next without a binding mute leaves the previous as they are', async () => {
    const h = session();
    h.rollCall.send({
      type: 'server.meeting_snapshot',
      snapshot: { status: mrStatus({ roll_call: 1, rollcall_usr_id: '7', all_guests_mute: 0 }), info: {} as never },
    });
    h.rollCall.send({ type: 'rollCall.next', usrId: '8' });
    await h.answerNext();
    await h.answerNext();
    expect(h.posts().map((p) => p.body?.action ?? p.body?.cmdid)).toEqual(['a_rx', 'config_mosic']);
  });

  it('end after a start from here puts back the layouts in force before, then turns the flag off', async () => {
    const h = session();
    h.rollCall.send(status({ all_guests_mute: 1 }));
    h.rollCall.send({ type: 'rollCall.start', usrId: '7', view: 'with_speaker' });
    for (let i = 0; i < 3; i++) await h.answerNext();
    h.rollCall.send(status({ roll_call: 1 }));
    h.rollCall.send({ type: 'rollCall.end' });
    for (let i = 0; i < 3; i++) await h.answerNext();
    const end = h.posts().slice(3);
    expect(end[0].body).toMatchObject({ action: 'a_rx', usr_ids: ['7'], value: 0 });
    expect(end[1]).toEqual({
      suffix: 'mosic-config',
      body: {
        cmdid: 'config_mosic',
        config_info: [
          { role: 'speaker', mosic_id: 'auto', layout_mode: 2, roles_lst: [], poll_secs: 10, view_has_self: 1 },
          { role: 'guest', mosic_id: '2*2', layout_mode: 2, roles_lst: [['1010'], ['0'], ['9'], ['-1']], poll_secs: 20, view_has_self: 0 },
        ],
        req_id: expect.any(String),
      },
    });
    expect(end[2].body).toMatchObject({ cmdid: 'mod_mr_status', roll_call: 0 });
    h.rollCall.send(status({ roll_call: 0 }));
    expect(selectRollCallActive(h.snap())).toBe(false);
    expect(selectCalledUsrId(h.snap())).toBe('');
  });

  it('an end asked for while next is still going out waits behind it, never dropped', async () => {
    const h = session();
    h.rollCall.send({
      type: 'server.meeting_snapshot',
      snapshot: { status: mrStatus({ roll_call: 1, rollcall_usr_id: '7', all_guests_mute: 0 }), info: {} as never },
    });
    h.rollCall.send({ type: 'rollCall.next', usrId: '8' });
    h.rollCall.send({ type: 'rollCall.end' });
    expect(h.posts()).toHaveLength(1);
    for (let i = 0; i < 3; i++) await h.answerNext();
    expect(h.posts().map((p) => p.body?.action ?? p.body?.cmdid)).toEqual(['a_rx', 'config_mosic', 'mod_mr_status']);
    expect(h.posts()[2].body).toMatchObject({ roll_call: 0 });
  });

  it('end of a roll call started elsewhere restores no layout it never saw', async () => {
    const h = session();
    h.rollCall.send({
      type: 'server.meeting_snapshot',
      snapshot: { status: mrStatus({ roll_call: 1, rollcall_usr_id: '7', all_guests_mute: 0 }), info: {} as never },
    });
    h.rollCall.send({ type: 'rollCall.end' });
    await h.answerNext();
    expect(h.posts().map((p) => p.body)).toEqual([expect.objectContaining({ cmdid: 'mod_mr_status', roll_call: 0 })]);
  });
});
