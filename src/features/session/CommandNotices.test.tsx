// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { createActor, SimulatedClock } from 'xstate';
import type { I18n } from '@lingui/core';
import { ApiError } from '@protocol/errors';
import { commandsMachine, COMMAND_HOLD_LIMIT_MS } from '@machines/commands/commandsMachine';
import { epsCommand } from '@machines/commands/requests';
import { flush, scriptedSessionApi } from '@machines/testing/fakeSessionApi';
import { createTestI18n, renderUi } from '#/testing/render';
import { loadCatalog } from '#/i18n/i18n';
import { announceUnsentAtLogout, CommandNotices } from './CommandNotices';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});
afterEach(() => {
  act(() => notifications.clean());
  cleanup();
});

/** a commands actor as the session's child `commands` (the notices find it by that system id) */
function mounted(live: () => boolean = () => true, language: I18n = i18n) {
  const script = scriptedSessionApi();
  const clock = new SimulatedClock();
  const commands = createActor(commandsMachine, {
    clock,
    systemId: 'commands',
    input: { api: script.api, newRequestId: () => 'r1', connectionLive: live },
  }).start();
  renderUi(<CommandNotices actor={commands} />, language);
  return { ...script, clock, commands };
}

describe('CommandNotices (issue 23)', () => {
  it('a refused assumed call shows once as "not offered", naming the control and the reason, not as an error', async () => {
    const h = mounted();
    act(() =>
      h.commands.send({
        type: 'command.send',
        suffix: 'mod-subtitle-position',
        body: { cmdid: 'mod_subtitle_position', y_pos: 80 },
        label: 'title.position',
      }),
    );
    h.fail('mod-subtitle-position', new ApiError('http', 404, '/mod-subtitle-position'));
    await act(flush);
    expect(await screen.findByText('Subtitle position: not offered by this platform')).toBeTruthy();
    expect(screen.getByText('Not offered by this platform: the server refused mod-subtitle-position (404)')).toBeTruthy();
    expect(screen.queryByText(/Request link does not exist/)).toBeNull();
  });

  it('a command held by the outage says it waits; past the bound it is named as not sent', async () => {
    const h = mounted(() => false);
    act(() => h.commands.send(epsCommand('a_rx', ['7'], { value: 0, label: 'mute' })));
    expect(await screen.findByText('Mute (7) is sent once the connection is back.')).toBeTruthy();
    act(() => h.clock.increment(COMMAND_HOLD_LIMIT_MS));
    expect(
      await screen.findByText('Mute (7) was not sent: the connection did not come back in time. Do it again if it is still needed.'),
    ).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Mute (7) is sent once the connection is back.')).toBeNull());
  });

  it('a notice up when the language switches says its title and message in the new language', async () => {
    const switching = await createTestI18n('en');
    const h = mounted(() => false, switching);
    act(() => h.commands.send(epsCommand('a_rx', ['7'], { value: 0, label: 'mute' })));
    expect(await screen.findByText('Mute (7) is sent once the connection is back.')).toBeTruthy();
    expect(screen.getByText('Waiting for the connection')).toBeTruthy();
    await act(() => loadCatalog('zh', switching));
    expect(await screen.findByText('连接恢复后将发送：静音 (7)。')).toBeTruthy();
    expect(screen.getByText('等待连接恢复')).toBeTruthy();
    expect(screen.queryByText('Mute (7) is sent once the connection is back.')).toBeNull();
    expect(screen.queryByText('Waiting for the connection')).toBeNull();
    // still the one notice of that command, taken away when it settles
    act(() => h.clock.increment(COMMAND_HOLD_LIMIT_MS));
    await waitFor(() => expect(screen.queryByText('连接恢复后将发送：静音 (7)。')).toBeNull());
  });

  it('a held command sent after recovery takes its waiting notice away', async () => {
    let live = false;
    const h = mounted(() => live);
    act(() => h.commands.send(epsCommand('a_rx', ['7'], { value: 0 })));
    expect(await screen.findByText('Mute (7) is sent once the connection is back.')).toBeTruthy();
    live = true;
    act(() => h.clock.increment(1000));
    h.answer('eps-status', {});
    await act(flush);
    await waitFor(() => expect(screen.queryByText('Mute (7) is sent once the connection is back.')).toBeNull());
  });
});

describe('logging out with commands held (issue 23)', () => {
  it('names each as not sent', async () => {
    const h = mounted(() => false);
    act(() => h.commands.send(epsCommand('a_rx', ['7'], { value: 0 })));
    act(() => announceUnsentAtLogout(h.commands));
    expect(await screen.findByText('Not sent, the connection was lost: Mute (7)')).toBeTruthy();
  });

  it('the notice, shown on the way out, follows a language switch on the login screen', async () => {
    const switching = await createTestI18n('zh');
    const h = mounted(() => false, switching);
    act(() => h.commands.send(epsCommand('a_rx', ['7'], { value: 0 })));
    act(() => announceUnsentAtLogout(h.commands));
    expect(await screen.findByText('连接中断，以下操作未发送：静音 (7)')).toBeTruthy();
    await act(() => loadCatalog('en', switching));
    expect(await screen.findByText('Not sent, the connection was lost: Mute (7)')).toBeTruthy();
    expect(screen.getByText('Not sent')).toBeTruthy();
  });
});
