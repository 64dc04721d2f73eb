/**
 * The room's resource template (`resource_tmpl_info`, issue 30) is told once per login, as a
 * one-shot event: the session reports each one it hears (`session.resourceTemplate`) so the shell
 * keeps it, and a session started again after a reload (input `resourceTemplate`) knows it from
 * the start, though its feed never carries it again.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type AnyActorRef } from 'xstate';
import type { ResourceTmplInfoEvent } from '../../protocol/events';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { epsInfo, epsStatus, loginResult, mrInfo, mrStatus, roster } from '../testing/fixtures';
import type { ResourceTemplateInfo } from '../meeting/meetingMachine';
import { selectResourceTemplate } from '../meeting/selectors';
import { sessionMachine } from './sessionMachine';

const told: ResourceTemplateInfo = {
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

async function started(resourceTemplate?: ResourceTemplateInfo) {
  const script = scriptedSessionApi();
  const actor = createActor(sessionMachine, {
    clock: new SimulatedClock(),
    input: { api: script.api, login: loginResult(), resourceTemplate, log: () => {}, random: () => 0.5 },
  }).start();
  const reported: ResourceTemplateInfo[] = [];
  actor.on('session.resourceTemplate', (e) => reported.push(e.template));
  const template = () => selectResourceTemplate((actor.system.get('meeting') as AnyActorRef).getSnapshot());
  script.answer('participants', { ...roster(['1']), seq: 3 });
  script.answer('eps-info', epsInfo(['1']));
  script.answer('eps-status', epsStatus(['1']));
  await flush();
  script.answer('mr-status', mrStatus());
  script.answer('mr-info', mrInfo());
  await flush();
  return { ...script, actor, reported, template };
}

const event = (seq: number, template: ResourceTemplateInfo): ResourceTmplInfoEvent => ({ cmdid: 'resource_tmpl_info', seq, ...template });

describe('the room resource template of a session (issue 30)', () => {
  it('is unknown at the start of a new login, until the server tells it', async () => {
    const h = await started();
    expect(h.template()).toBeNull();
    expect(h.reported).toEqual([]);
  });

  it('told by the server: the meeting holds it and the session reports it, without the feed fields', async () => {
    const h = await started();
    h.poll([event(4, told)]);
    await flush();
    expect(h.template()).toEqual(told);
    expect(h.reported).toEqual([told]);
  });

  it('a session started with the kept template knows it through the start-up load, and a newer one replaces it', async () => {
    const h = await started(told);
    expect(h.template()).toEqual(told);
    const recordingAllowed = { ...told, has_record: 1 as const, max_mosic: 9 };
    h.poll([event(5, recordingAllowed)]);
    await flush();
    expect(h.template()).toEqual(recordingAllowed);
    expect(h.reported).toEqual([recordingAllowed]);
  });

  it('other feed events are not reported as a template', async () => {
    const h = await started(told);
    h.poll([{ cmdid: 'one_mr_status', seq: 4, lock_mr: 1 } as never]);
    await flush();
    expect(h.reported).toEqual([]);
    expect(h.template()).toEqual(told);
  });
});
