import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import type { ChangeEvent } from '../../protocol/events';
import { epsInfo, epsStatus, roster, stats, waitingUsr } from '../testing/fixtures';
import { participantsMachine, PARTICIPANT_UPDATE_DELAY_MS } from './participantsMachine';
import { appointedFromAttr, ParticipantStore } from './participantStore';
import {
  selectHandUpCount,
  selectHasQueuedChanges,
  selectOnlineCount,
  selectParticipant,
  selectParticipantList,
  selectTotalCount,
  selectWaitingCount,
  selectWaitingList,
} from './selectors';

function loaded() {
  const clock = new SimulatedClock();
  const actor = createActor(participantsMachine, { clock, input: {} }).start();
  actor.send({
    type: 'server.snapshot',
    snapshot: {
      roster: roster(['1', '2', '3']),
      info: epsInfo(['1', '2', 'guest.9']),
      status: epsStatus(['1', '2', 'guest.9'], [{ hand: 1 }, {}, {}]),
    },
  });
  return { actor, clock, snap: () => actor.getSnapshot() };
}

function delta<T extends ChangeEvent['cmdid']>(cmdid: T, body: object, seq = 1) {
  return { type: `server.${cmdid}`, event: { cmdid, seq, ...body } } as never;
}

describe('ParticipantStore', () => {
  it('merges roster, online info and status into one record per usr_id (spec §3 fields)', () => {
    const store = new ParticipantStore();
    store.load(roster(['1']), epsInfo(['1']), epsStatus(['1']));
    expect(store.get('1')).toMatchObject({
      usr_name: 'ep-1',
      ep_id: 100,
      usr_uri: 'sip:1@10.0.0.2',
      enter_dtm: 1000,
      dev_type: 'sip',
      ep_version: 1,
      gbk_name: 'gbk-1',
      proto_type: 2,
      online: 1,
      usr_appoint: 0,
      usr_type: 1,
      usr_attr: '1-20000',
      call_addr: '1@10.0.0.1',
      usr_stat: stats(),
      local_rtp_ip: '10.0.0.9',
    });
  });

  it('reads appointment from the second dash number below 10000', () => {
    expect(appointedFromAttr('3-25-0')).toBe(1);
    expect(appointedFromAttr('3-10000')).toBe(0);
    expect(appointedFromAttr('3')).toBe(0);
  });

  it('replaces a changed record by a new object and keeps unchanged ones', () => {
    const store = new ParticipantStore();
    store.load(roster(['1', '2']), epsInfo(['1', '2']), epsStatus(['1', '2']));
    const one = store.get('1');
    const two = store.get('2');
    store.applyStatus(epsStatus(['1'], [{ hand: 1 }]));
    expect(store.get('1')).not.toBe(one);
    expect(store.get('2')).toBe(two);
  });

  it('follows stats_desc names when the server sends them', () => {
    const store = new ParticipantStore();
    const desc = ['hand', 'a_rx'];
    store.load(roster([]), epsInfo(['1']), { mr_id: '0', usr_ids: ['1'], usr_stats: ['10'], local_rtp_ip: [''], stats_desc: desc });
    expect(store.counts().handUp).toBe(1);
  });
});

describe('when loading', () => {
  it('server.snapshot → ready with counts online/total and hand-up', () => {
    const { snap } = loaded();
    expect(snap().matches('ready')).toBe(true);
    expect(selectTotalCount(snap())).toBe(4);
    expect(selectOnlineCount(snap())).toBe(3);
    expect(selectHandUpCount(snap())).toBe(1);
    expect(selectParticipant('3')(snap())).toMatchObject({ online: 0, usr_name: 'name-3' });
  });
});

describe('when ready', () => {
  it('feed deltas wait 800 ms, then apply together', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_status', epsStatus(['2'], [{ hand: 1 }])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS / 2);
    actor.send(delta('online_eps_info', epsInfo(['3'])));
    expect(selectHasQueuedChanges(snap())).toBe(true);
    expect(selectHandUpCount(snap())).toBe(1);
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS / 2 - 1);
    expect(selectOnlineCount(snap())).toBe(3);
    clock.increment(1);
    expect(selectHasQueuedChanges(snap())).toBe(false);
    expect(selectHandUpCount(snap())).toBe(2);
    expect(selectOnlineCount(snap())).toBe(4);
  });

  it('join (online_eps_info) sets online', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_info', epsInfo(['3'])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipant('3')(snap())!.online).toBe(1);
  });

  it('leave sets offline and clears status; guest ids are removed', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_left', { mr_id: '0123', usr_ids: ['1', 'guest.9'] }));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipant('1')(snap())).toMatchObject({ online: 0, usr_stat: '' });
    expect(selectParticipant('guest.9')(snap())).toBeUndefined();
    expect(selectTotalCount(snap())).toBe(3);
    expect(selectOnlineCount(snap())).toBe(1);
    expect(selectHandUpCount(snap())).toBe(0);
  });

  it('status flag 16 adds to the waiting map, otherwise removes', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_status', epsStatus(['2'], [{ waiting: 1 }])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingCount(snap())).toBe(1);
    expect(selectWaitingList(snap())[0]).toMatchObject({ usr_id: '2', ep_id: 101 });
    actor.send(delta('online_eps_status', epsStatus(['2'], [{}])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingCount(snap())).toBe(0);
  });

  it('waiting_usr adds entries and removes them by deleted_ep_ids; leave removes too', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('waiting_usr', waitingUsr(['w1', 'w2'], [501, 502])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingCount(snap())).toBe(2);
    actor.send(delta('waiting_usr', waitingUsr([], [], [501])));
    actor.send(delta('online_eps_left', { mr_id: '0123', usr_ids: ['w2'] }));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectWaitingCount(snap())).toBe(0);
  });

  it('roster deltas add invited participants and delete offline ones', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('mr_participants', roster(['4'], { deleted_usr_ids: ['3'] })));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipant('4')(snap())).toMatchObject({ invited: true, online: 0 });
    expect(selectParticipant('3')(snap())).toBeUndefined();
  });

  it('a new snapshot replaces everything and drops queued deltas', () => {
    const { actor, clock, snap } = loaded();
    actor.send(delta('online_eps_left', { mr_id: '0123', usr_ids: ['1'] }));
    actor.send({ type: 'server.snapshot', snapshot: { roster: roster(['1']), info: epsInfo(['1']), status: epsStatus(['1']) } });
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectTotalCount(snap())).toBe(1);
    expect(selectParticipant('1')(snap())!.online).toBe(1);
  });

  it('the list is the same array until something changes', () => {
    const { actor, clock, snap } = loaded();
    const list = selectParticipantList(snap());
    expect(selectParticipantList(snap())).toBe(list);
    actor.send(delta('online_eps_status', epsStatus(['1'], [{}])));
    clock.increment(PARTICIPANT_UPDATE_DELAY_MS);
    expect(selectParticipantList(snap())).not.toBe(list);
    expect(selectParticipantList(snap())).toHaveLength(4);
  });
});
