// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, setup, spawnChild, type AnyActorRef } from 'xstate';
import { participantsMachine } from '@machines/participants/participantsMachine';
import { commandsMachine } from '@machines/commands/commandsMachine';
import { scriptedSessionApi, flush } from '@machines/testing/fakeSessionApi';
import { epsInfo, epsStatus, roster } from '@machines/testing/fixtures';
import { ApiError } from '@protocol/errors';
import { ParticipantsPanel } from './ParticipantsPanel';
import { installDomShims, renderUi } from '#/testing/render';

beforeAll(installDomShims);
afterEach(cleanup);

/** The two children the panel reads, under the system ids the session gives them. */
function startSession() {
  const fake = scriptedSessionApi('8008038', 's-1');
  let n = 0;
  const root = setup({ actors: { participants: participantsMachine, commands: commandsMachine } }).createMachine({
    entry: [
      spawnChild('participants', { id: 'participants', systemId: 'participants', input: {} }),
      spawnChild('commands', { id: 'commands', systemId: 'commands', input: { api: fake.api, newRequestId: () => `r${++n}` } }),
    ],
  });
  const session = createActor(root).start();
  return { fake, session: session as AnyActorRef };
}

describe('ParticipantsPanel', () => {
  it('shows the session participants and sends a mute through the commands actor, pending until answered', async () => {
    const { fake, session } = startSession();
    renderUi(<ParticipantsPanel session={session} mrId="8008038" role="host" tableHeight={300} />);
    act(() => {
      session.system.get('participants').send({
        type: 'server.snapshot',
        snapshot: { roster: roster(['1', '2']), info: epsInfo(['1']), status: epsStatus(['1'], [{ a_rx: 1, a_tx: 1, v_tx: 1 }]) },
      });
    });
    await waitFor(() => expect(screen.getByRole('tab', { name: 'All' }).getAttribute('data-count')).toBe('2'));
    const mute = await screen.findByRole('button', { name: 'On: mute ep-1' });
    expect(screen.getByRole('tab', { name: 'Offline' }).getAttribute('data-count')).toBe('1');
    fireEvent.click(mute);
    const call = fake.pending('eps-status')[0];
    expect(call.body).toMatchObject({ cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: ['1'], value: 0 });
    await waitFor(() => expect(document.querySelector('[data-usr-id="1"]')!.getAttribute('data-pending')).toBe('true'));
    await act(async () => {
      fake.fail('eps-status', new ApiError('http', 403, '/eps-status', 4010));
      await flush();
    });
    await waitFor(() => expect(document.querySelector('[data-usr-id="1"]')!.getAttribute('data-pending')).toBe('false'));
    // the row still shows the server's state: nothing was changed locally
    expect(screen.getByRole('button', { name: 'On: mute ep-1' }).getAttribute('data-state')).toBe('on');
  });
});
