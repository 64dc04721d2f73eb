// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { AnyActorRef } from 'xstate';
import { createTestI18n, renderUi } from '#/testing/render';
import type { MeetingView } from '@protocol/runOfShow';
import { RollCallNext } from './RollCallNext';

const view = (called: string, online: string[]): MeetingView => ({
  main_venue: 'hq',
  guests: [],
  mosaics: {},
  banner: null,
  audience_muted: true,
  unmuted: [],
  recording: false,
  live: false,
  audience_listen: true,
  audience_watch: true,
  roll_call: called,
  online: new Set(online),
});

/** A session whose commands actor records what it is sent. */
function session() {
  const sent: { suffix: string; body: Record<string, unknown> }[] = [];
  const commands = { send: (e: { suffix: string; body: Record<string, unknown> }) => sent.push(e) };
  return { sent, ref: { system: { get: (id: string) => (id === 'commands' ? commands : undefined) } } as unknown as AnyActorRef };
}

afterEach(cleanup);

describe('RollCallNext', () => {
  it('calls the next connected participant in the segment’s order with the roll-call recipe, skipping the offline', async () => {
    const s = session();
    renderUi(
      <RollCallNext session={s.ref} order={['b1', 'b2', 'b3']} view={view('b1', ['b1', 'b3'])} who={(id) => `Branch ${id}`} />,
      await createTestI18n('en'),
    );
    expect(screen.getByText('Called: Branch b1 (1 of 3)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Call next: Branch b3' }));
    expect(s.sent.map((e) => [e.suffix, e.body.action ?? 'layout', e.body.usr_ids])).toEqual([
      ['eps-status', 'a_rx', ['b3']],
      ['eps-status', 'a_rx', ['b1']],
      ['mosic-config', 'layout', undefined],
    ]);
  });

  it('after the last one it ends the roll call', async () => {
    const s = session();
    renderUi(
      <RollCallNext session={s.ref} order={['b1', 'b2']} view={view('b2', ['b1', 'b2'])} who={(id) => id} />,
      await createTestI18n('en'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'End roll call' }));
    expect(s.sent.at(-1)!.body).toMatchObject({ cmdid: 'mod_mr_status', roll_call: 0 });
  });
});
