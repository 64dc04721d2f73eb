// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createTestI18n, renderUi } from '#/testing/render';
import type { Segment } from '@protocol/runOfShow';
import { staticOnline } from '#/session/onlineParticipants';
import { SegmentEditor } from '../SegmentEditor';

const online = staticOnline([
  { usrId: 'u1', name: 'Steady 01' },
  { usrId: 'u2', name: 'Steady 02' },
  { usrId: 'u3', name: 'Steady 03' },
]);

afterEach(cleanup);

async function editor(segment: Segment) {
  const onSave = vi.fn();
  renderUi(
    <SegmentEditor segment={segment} online={online} layouts={[{ id: '1', panes: 1 }]} onSave={onSave} onCancel={() => {}} />,
    await createTestI18n('en'),
  );
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
  return { save, saved: () => onSave.mock.calls.at(-1)![0] as Segment };
}

describe('listen/watch section', () => {
  it('sets what the audience may hear and see; unset leaves the policy out of the segment', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set what the audience may hear and see' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Audience may watch' }));
    save();
    expect(saved().listen_watch).toEqual({ audience_listen: true, audience_watch: false });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set what the audience may hear and see' }));
    save();
    expect(saved()).not.toHaveProperty('listen_watch');
  });
});

describe('roll call section', () => {
  it('keeps the order and moves a participant earlier; set with nobody ends a roll call; the rehearsed time stays', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A', roll_call: ['u1', 'u2', 'u3'], rehearsed_secs: 90 });
    expect((screen.getByRole('checkbox', { name: 'Set a roll call' }) as HTMLInputElement).checked).toBe(true);
    const order = within(screen.getByTestId('segment-roll-call-order'));
    fireEvent.click(order.getByRole('button', { name: 'Call Steady 03 earlier' }));
    save();
    expect(saved().roll_call).toEqual(['u1', 'u3', 'u2']);
    expect(saved().rehearsed_secs).toBe(90);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set a roll call' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set a roll call' }));
    save();
    expect(saved().roll_call).toEqual([]);
  });
});
