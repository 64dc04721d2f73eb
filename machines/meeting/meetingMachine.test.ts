import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { mrInfo, mrStatus } from '../testing/fixtures';
import { meetingMachine } from './meetingMachine';
import { selectMeetingLocked, selectMosaicConfigs, selectScheduleInfo, selectTitleConfigs } from './selectors';

const ev = (cmdid: string, body: object) => ({ type: `server.${cmdid}`, event: { cmdid, seq: 1, ...body } }) as never;

describe('meeting', () => {
  it('loads title, mosaic and layout configs once; a feed event that came first wins', async () => {
    const script = scriptedSessionApi();
    const actor = createActor(meetingMachine, { input: { api: script.api } }).start();
    actor.send(ev('mosic_config', { config_info: [{ role: 'speaker', mosic_id: 'm2' }] }));
    script.answer('title-config', { titles: [{ to_role: 'all', message: 'hi' }] });
    script.answer('mosic-config', { config_info: [{ role: 'speaker', mosic_id: 'old' }] });
    script.answer('sys_mosics', { mosic_group: [] });
    await flush();
    expect(selectTitleConfigs(actor.getSnapshot())).toEqual([{ to_role: 'all', message: 'hi' }]);
    expect(selectMosaicConfigs(actor.getSnapshot())).toEqual([{ role: 'speaker', mosic_id: 'm2' }]);
  });

  it('merges partial status deltas into the full status', () => {
    const actor = createActor(meetingMachine, { input: {} }).start();
    actor.send({ type: 'server.meeting_snapshot', snapshot: { status: mrStatus({ live_enabled: 1 }), info: mrInfo() } });
    actor.send(ev('one_mr_status', { mr_locked: 1 }));
    const s = actor.getSnapshot();
    expect(selectMeetingLocked(s)).toBe(true);
    expect(s.context.status!.live_enabled).toBe(1);
    expect((s.context.status as unknown as Record<string, unknown>).cmdid).toBeUndefined();
  });

  it('keeps schedule info and title configs per target', () => {
    const actor = createActor(meetingMachine, { input: {} }).start();
    actor.send(ev('schedule_info', { schedule_id: 3, schedule_name: 'x', start_dtm: 1, duration: 60, next_start_dtm: 0 }));
    actor.send(ev('title_config', { titles: [{ to_role: 'all', message: 'a' }, { to_role: 'guest', message: 'g' }] }));
    actor.send(ev('title_config', { titles: [{ to_role: 'guest', message: 'g2' }] }));
    expect(selectScheduleInfo(actor.getSnapshot())).toMatchObject({ schedule_id: 3 });
    expect(selectTitleConfigs(actor.getSnapshot()).map((t) => t.message)).toEqual(['a', 'g2']);
  });
});
