// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { createActor } from 'xstate';
import { sessionMachine } from '@machines/session/sessionMachine';
import { flush, scriptedSessionApi } from '@machines/testing/fakeSessionApi';
import { loginResult } from '@machines/testing/fixtures';
import { NotificationListsPanel } from './NotificationListsPanel';
import { installDomShims, renderUi } from '#/testing/render';

beforeAll(installDomShims);
afterEach(cleanup);

/** a real session on a scripted client: the panel reaches the server only through its actors */
function startSession() {
  const fake = scriptedSessionApi();
  const session = createActor(sessionMachine, {
    input: { api: fake.api, login: loginResult({ role: 'host' }), log: () => {}, random: () => 0.5, newRequestId: () => 'r1' },
  }).start();
  return { fake, session };
}

describe('NotificationListsPanel', () => {
  it("shows the server's count of controllers once the list is shown, and asks no more once it is gone", async () => {
    const { fake, session } = startSession();
    const { unmount } = renderUi(<NotificationListsPanel session={session} />);
    // shown: the controllers actor asks the snapshot
    await waitFor(() => expect(fake.pending('controllers')).toHaveLength(1));
    expect(screen.getByTestId('controller-count').getAttribute('data-exact')).toBe('false');
    await act(async () => {
      fake.answer('controllers', {
        controllers: [
          { role: 'host', peer_ip: '10.0.0.1', self: 1 },
          { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 },
        ],
      });
      await flush();
    });
    await waitFor(() => expect(screen.getByTestId('controller-count').textContent).toBe('2 controllers online'));
    expect(screen.getByTestId('controller-count').getAttribute('data-exact')).toBe('true');
    unmount();
    act(() => {
      session.send({
        type: 'server.mr_ctrl_in',
        event: { cmdid: 'mr_ctrl_in', seq: 1, peer_ip: '10.0.0.3', sessionid: 'x', role: 'host', dtm: 1 },
      } as never);
    });
    expect(fake.pending('controllers')).toHaveLength(0);
    session.stop();
  });
});
