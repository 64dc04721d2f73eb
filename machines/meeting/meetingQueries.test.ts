import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '../../protocol/errors';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { mrInfo, mrStatus } from '../testing/fixtures';
import { meetingMachine } from './meetingMachine';
import { selectCallQa, selectCallQaAsk, selectConfigLoad, selectMosaicConfigs, selectUserInfo } from './selectors';
import { USER_INFOS_BATCH } from './queries';

const snapshot = () => ({ type: 'server.meeting_snapshot', snapshot: { status: mrStatus(), info: mrInfo() } }) as const;
const start = () => {
  const script = scriptedSessionApi();
  const actor = createActor(meetingMachine, { input: { api: script.api } }).start();
  return { script, actor };
};

describe('issue 30: a config that cannot be read is said, and read again on request', () => {
  it('is loading until read, failed per config when its read fails, loaded after a retry', async () => {
    const { script, actor } = start();
    actor.send(snapshot());
    expect(selectConfigLoad(actor.getSnapshot())).toEqual({ titles: 'loading', mosaic: 'loading', layouts: 'loading' });
    script.fail('title-config', new ApiError('http', 500, 'title-config', 6001));
    script.answer('mosic-config', { config_info: [{ role: 'chair', mosic_id: '1' }] });
    script.fail('sys_mosics', new ApiError('http', 500, 'sys_mosics'));
    await flush();
    expect(selectConfigLoad(actor.getSnapshot())).toEqual({ titles: 'failed', mosaic: 'loaded', layouts: 'failed' });

    actor.send({ type: 'meeting.retryConfigs' });
    expect(selectConfigLoad(actor.getSnapshot())).toEqual({ titles: 'loading', mosaic: 'loading', layouts: 'loading' });
    script.answer('title-config', { titles: [] });
    script.answer('mosic-config', { config_info: [{ role: 'chair', mosic_id: '2*2' }] });
    script.answer('sys_mosics', { mosic_group: [] });
    await flush();
    expect(selectConfigLoad(actor.getSnapshot())).toEqual({ titles: 'loaded', mosaic: 'loaded', layouts: 'loaded' });
    expect(selectMosaicConfigs(actor.getSnapshot())).toEqual([{ role: 'chair', mosic_id: '2*2' }]);
  });

  it('an answer without the config (no config_info, no mosic_group) is a failed read too; a retry with nothing failed asks nothing', async () => {
    const { script, actor } = start();
    actor.send(snapshot());
    script.answer('title-config', { titles: [] });
    script.answer('mosic-config', {});
    script.answer('sys_mosics', { mosic_group: [] });
    await flush();
    expect(selectConfigLoad(actor.getSnapshot()).mosaic).toBe('failed');
    actor.send({ type: 'meeting.retryConfigs' });
    script.answer('title-config', { titles: [] });
    script.answer('mosic-config', { config_info: [] });
    script.answer('sys_mosics', { mosic_group: [] });
    await flush();
    expect(selectConfigLoad(actor.getSnapshot()).mosaic).toBe('loaded');
    actor.send({ type: 'meeting.retryConfigs' });
    expect(script.pending('mosic-config')).toHaveLength(0);
  });
});

describe('issue 30: get_call_qa asked and its answer kept', () => {
  it('sends get_call_qa with the usr_id once while pending; the feed answer settles it', async () => {
    const { script, actor } = start();
    actor.send({ type: 'meeting.askCallQa', usrId: 'u1' });
    actor.send({ type: 'meeting.askCallQa', usrId: 'u1' });
    expect(script.pending('get_call_qa')).toHaveLength(1);
    expect(script.pending('get_call_qa')[0].body).toMatchObject({ cmdid: 'get_call_qa', usr_id: 'u1' });
    expect(selectCallQaAsk('u1')(actor.getSnapshot())).toEqual({ state: 'pending' });
    script.answer('get_call_qa', { result: 0 });
    await flush();
    // the reply says nothing: still waiting for the feed's answer
    expect(selectCallQaAsk('u1')(actor.getSnapshot())).toEqual({ state: 'pending' });
    actor.send({
      type: 'server.get_call_qa_rsp',
      event: { cmdid: 'get_call_qa_rsp', seq: 5, ep_id: 3, usr_id: 'u1', qa: { video_rx_lost_rate: 1.5 } },
    });
    expect(selectCallQa('u1')(actor.getSnapshot())).toEqual({ video_rx_lost_rate: 1.5 });
    expect(selectCallQaAsk('u1')(actor.getSnapshot())).toBeUndefined();
  });

  it('takes an answer in the reply body, and keeps a refusal with its status and result', async () => {
    const { script, actor } = start();
    actor.send({ type: 'meeting.askCallQa', usrId: 'u1' });
    script.answer('get_call_qa', { cmdid: 'get_call_qa_rsp', usr_id: 'u1', ep_id: 2, qa: { audio_rx_jitter: 12, bad: 'x' } });
    await flush();
    expect(selectCallQa('u1')(actor.getSnapshot())).toEqual({ audio_rx_jitter: 12 });
    actor.send({ type: 'meeting.askCallQa', usrId: 'u2' });
    script.fail('get_call_qa', new ApiError('http', 404, 'get_call_qa', 9999));
    await flush();
    expect(selectCallQaAsk('u2')(actor.getSnapshot())).toEqual({ state: 'failed', status: 404, result: 9999 });
  });
});

describe('issue 30: usr_ids refreshes the details of those users through get_user_infos', () => {
  it('asks user-infos for the ids of a usr_ids event, in batches, and keeps the answer', async () => {
    const { script, actor } = start();
    const ids = Array.from({ length: USER_INFOS_BATCH + 1 }, (_, i) => String(1000 + i));
    actor.send({ type: 'server.usr_ids', event: { cmdid: 'usr_ids', seq: 1, usr_ids: [...ids, ids[0]] } });
    const calls = script.pending('user-infos');
    expect(calls.map((c) => (c.body!.usr_ids as string[]).length)).toEqual([USER_INFOS_BATCH, 1]);
    expect(calls[0].body).toMatchObject({ cmdid: 'get_user_infos' });
    script.answer('user-infos', {
      cmdid: 'user_infos',
      usr_ids: ['1000'],
      nick_names: ['Ann'],
      usr_types: [2],
      phone_nos: ['555 0100'],
      call_addrs: ['ann,10.0.0.2'],
    });
    script.answer('user-infos', { cmdid: 'user_infos', usr_ids: [], nick_names: [] });
    await flush();
    expect(selectUserInfo('1000')(actor.getSnapshot())).toEqual({
      usr_id: '1000',
      nick_name: 'Ann',
      usr_type: 2,
      phone_no: '555 0100',
      call_addr: 'ann,10.0.0.2',
    });
  });

  it('a user_infos event (a rename) updates the details; an undecodable answer changes nothing', async () => {
    const { script, actor } = start();
    actor.send({ type: 'meeting.askUserInfos', usrIds: ['a'] });
    script.answer('user-infos', { cmdid: 'user_infos', usr_ids: ['a', 'b'], nick_names: ['A'] });
    await flush();
    expect(selectUserInfo('a')(actor.getSnapshot())).toBeUndefined();
    actor.send({
      type: 'server.user_infos',
      event: { cmdid: 'user_infos', seq: 2, usr_ids: ['a'], nick_names: ['New'], usr_types: [2], phone_nos: [''], call_addrs: [''] },
    });
    expect(selectUserInfo('a')(actor.getSnapshot())?.nick_name).toBe('New');
  });
});
