import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { flush, scriptedSessionApi } from '../testing/fakeSessionApi';
import { mrInfo, mrStatus } from '../testing/fixtures';
import { meetingMachine } from './meetingMachine';
import { selectMeetingLocked, selectMosaicConfigs, selectScheduleInfo, selectTitleConfigs } from './selectors';

const ev = (cmdid: string, body: object) => ({ type: `server.${cmdid}`, event: { cmdid, seq: 1, ...body } }) as never;

describe('meeting', () => {
  const snapshot = () => ({ type: 'server.meeting_snapshot', snapshot: { status: mrStatus(), info: mrInfo() } }) as const;

  it("fetches the configs after the full load, not before: a change made before the poll's position is in the fetch", async () => {
    const script = scriptedSessionApi();
    const actor = createActor(meetingMachine, { input: { api: script.api } }).start();
    // before the load sets the poll's position a fetch could read a layout the poll then skips
    expect(script.pending('mosic-config')).toHaveLength(0);
    actor.send(snapshot());
    expect(script.pending('mosic-config')).toHaveLength(1);
    script.answer('title-config', { titles: [{ to_role: 'all', message: 'hi' }] });
    script.answer('mosic-config', {
      config_info: [
        { role: 'speaker', mosic_id: '2*2' },
        { role: 'chair', mosic_id: '1' },
      ],
    });
    script.answer('sys_mosics', { mosic_group: [] });
    await flush();
    expect(selectTitleConfigs(actor.getSnapshot())).toEqual([{ to_role: 'all', message: 'hi' }]);
    expect(selectMosaicConfigs(actor.getSnapshot())).toEqual([
      { role: 'speaker', mosic_id: '2*2' },
      { role: 'chair', mosic_id: '1' },
    ]);
  });

  it('a feed event that comes while the fetch is under way wins for its role; the fetch fills the other roles', async () => {
    const script = scriptedSessionApi();
    const actor = createActor(meetingMachine, { input: { api: script.api } }).start();
    actor.send(snapshot());
    actor.send(ev('mosic_config', { config_info: [{ role: 'chair', mosic_id: '2*2' }] }));
    actor.send(ev('title_config', { titles: [{ to_role: 'guest', message: 'new' }] }));
    script.answer('title-config', {
      titles: [
        { to_role: 'all', message: 'hi' },
        { to_role: 'guest', message: 'old' },
      ],
    });
    script.answer('mosic-config', {
      config_info: [
        { role: 'speaker', mosic_id: '2*2' },
        { role: 'chair', mosic_id: '1' },
      ],
    });
    script.answer('sys_mosics', { mosic_group: [] });
    await flush();
    expect(selectMosaicConfigs(actor.getSnapshot())).toEqual([
      { role: 'speaker', mosic_id: '2*2' },
      { role: 'chair', mosic_id: '2*2' },
    ]);
    expect(selectTitleConfigs(actor.getSnapshot())).toEqual([
      { to_role: 'all', message: 'hi' },
      { to_role: 'guest', message: 'new' },
    ]);
  });

  it('fetches the configs again after each full load (a resync), and the newer fetch replaces what it says', async () => {
    const script = scriptedSessionApi();
    const actor = createActor(meetingMachine, { input: { api: script.api } }).start();
    actor.send(snapshot());
    script.answer('title-config', { titles: [] });
    script.answer('mosic-config', { config_info: [{ role: 'chair', mosic_id: '1' }] });
    script.answer('sys_mosics', { mosic_group: [] });
    await flush();
    actor.send(snapshot());
    script.answer('title-config', { titles: [] });
    script.answer('mosic-config', { config_info: [{ role: 'chair', mosic_id: '3*3' }] });
    script.answer('sys_mosics', { mosic_group: [] });
    await flush();
    expect(selectMosaicConfigs(actor.getSnapshot())).toEqual([{ role: 'chair', mosic_id: '3*3' }]);
  });

  it('a failed fetch keeps what the feed gave', async () => {
    const script = scriptedSessionApi();
    const actor = createActor(meetingMachine, { input: { api: script.api } }).start();
    actor.send(snapshot());
    actor.send(ev('mosic_config', { config_info: [{ role: 'chair', mosic_id: '2*2' }] }));
    script.fail('title-config', new Error('down'));
    script.fail('mosic-config', new Error('down'));
    script.fail('sys_mosics', new Error('down'));
    await flush();
    expect(selectMosaicConfigs(actor.getSnapshot())).toEqual([{ role: 'chair', mosic_id: '2*2' }]);
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
    actor.send(
      ev('title_config', {
        titles: [
          { to_role: 'all', message: 'a' },
          { to_role: 'guest', message: 'g' },
        ],
      }),
    );
    actor.send(ev('title_config', { titles: [{ to_role: 'guest', message: 'g2' }] }));
    expect(selectScheduleInfo(actor.getSnapshot())).toMatchObject({ schedule_id: 3 });
    expect(selectTitleConfigs(actor.getSnapshot()).map((t) => t.message)).toEqual(['a', 'g2']);
  });
});
