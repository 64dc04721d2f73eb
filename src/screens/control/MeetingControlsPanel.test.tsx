// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, setup, spawnChild } from 'xstate';
import { meetingMachine } from '@machines/meeting/meetingMachine';
import { commandsMachine } from '@machines/commands/commandsMachine';
import { cascadeMachine } from '@machines/cascade/cascadeMachine';
import { scriptedSessionApi } from '@machines/testing/fakeSessionApi';
import { ApiError } from '@protocol/errors';
import { RC } from '@protocol/codes';
import { MeetingControlsPanel } from './MeetingControlsPanel';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

// The session's children this panel reads, spawned under their system ids as the session does.
function session() {
  const fake = scriptedSessionApi();
  const root = setup({ actors: { meeting: meetingMachine, commands: commandsMachine, cascade: cascadeMachine } }).createMachine({
    entry: [
      spawnChild('meeting', { id: 'meeting', systemId: 'meeting', input: {} }),
      spawnChild('cascade', { id: 'cascade', systemId: 'cascade' }),
      spawnChild('commands', {
        id: 'commands',
        systemId: 'commands',
        input: { api: fake.api, newRequestId: () => `r${fake.calls.length}` },
      }),
    ],
  });
  const actor = createActor(root).start();
  const status = (fields: Record<string, unknown>) => {
    const event = { type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', seq: 1, ...fields } };
    actor.system.get('meeting')!.send(event);
    actor.system.get('cascade')!.send(event);
  };
  return { actor, fake, status };
}

describe('MeetingControlsPanel', () => {
  it('shows the status the meeting actor holds and sends a switch through the commands actor', async () => {
    const { actor, fake, status } = session();
    act(() => status({ mr_locked: 0, guest_enabled: 1 }));
    renderUi(<MeetingControlsPanel session={actor} scene="conference" />);
    const lock = screen.getByRole('switch', { name: 'Lock meeting' }) as HTMLInputElement;
    expect(lock.checked).toBe(false);
    fireEvent.click(lock);
    expect(fake.pending('mr-status')[0].body).toMatchObject({ cmdid: 'mod_mr_status', lock_mr: 1 });
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Lock meeting' }) as HTMLInputElement).disabled).toBe(true));
    await act(async () => {
      fake.answer('mr-status', {});
      status({ mr_locked: 1 });
    });
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Lock meeting' }) as HTMLInputElement).checked).toBe(true));
  });

  it('shows the refusal the commands actor reports', async () => {
    const { actor, fake, status } = session();
    act(() => status({ mr_locked: 0 }));
    renderUi(<MeetingControlsPanel session={actor} scene="conference" />);
    fireEvent.click(screen.getByRole('switch', { name: 'Lock meeting' }));
    await act(async () => {
      fake.fail('mr-status', new ApiError('http', 403, '/mr-status', RC.supervisorForbidden));
    });
    await waitFor(() => expect(screen.getByTestId('meeting-switches-error').textContent).not.toBe(''));
  });

  it('shows the cascade actor refusing non-cascade while cascade points exist, without a request', async () => {
    const { actor, fake, status } = session();
    act(() => status({ cascade_mode: 'parent', cascade_points: 2 }));
    renderUi(<MeetingControlsPanel session={actor} scene="conference" />);
    expect(screen.getByTestId('cascade-mode').getAttribute('data-state')).toBe('parent');
    fireEvent.click(screen.getByText('Non-cascade'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Cascade points exist'));
    expect(fake.pending('mr-status')).toHaveLength(0);
  });
});
