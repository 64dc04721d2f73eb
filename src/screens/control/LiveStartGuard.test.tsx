// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { MrStatus } from '@protocol/wire';
import { MeetingControlsView, type MeetingControlsModel } from './MeetingControlsView';
import { renderUi } from '#/testing/render';
import { staticOnline } from '#/session/onlineParticipants';
import { ConnectionLostState } from '#/session/connectionLost';

afterEach(cleanup);

const status: Partial<MrStatus> = {
  mr_locked: 0,
  guest_enabled: 1,
  allow_unmute_self: 0,
  cont_enabled: 1,
  force_mcu_layout: 0,
  same_layout: 0,
  title_enabled: 0,
  live_enabled: 0,
};
const model = (patch: Partial<MeetingControlsModel['status']> = {}, live: 0 | 1 = 0): MeetingControlsModel => ({
  scene: 'conference',
  status: { ...status, live_enabled: live, ...patch },
  pending: new Set(),
  titles: [],
  layouts: [],
  mosaicConfigs: [],
  online: staticOnline([]),
  waiting: [],
  recording: { state: 'idle' },
  cascade: { mode: 'nonCascade', points: 0 },
  liveBuiltin: true,
});
const noop = () => {};
const view = (m: MeetingControlsModel, onCommand: (c: unknown) => void, lost = false): ReactElement => (
  <ConnectionLostState value={lost}>
    <MeetingControlsView model={m} onCommand={onCommand} onRecording={noop} onCascade={noop} onWaitingRoom={noop} />
  </ConnectionLostState>
);
const LIVE_ON = { type: 'status', key: 'enable_live', value: 1 };
const ADDRESSES = { push_url: 'rtmp://10.0.0.1/live/room', rtmp_url: 'http://10.0.0.1/liveplay/room.flv' };

describe('turning Live on (issue 26 item 4)', () => {
  it('with no push address Live stays off, and the user is told why and where: the push stream section opens', async () => {
    const onCommand = vi.fn();
    renderUi(view(model({ push_url: '', rtmp_url: '' }), onCommand));
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    const alert = await screen.findByTestId('live-needs-addresses');
    expect(alert.textContent).toContain('Push address is not set');
    expect(alert.textContent).toContain('Push stream settings');
    expect(onCommand).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Push stream settings' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('where this platform takes no live addresses, it says they are set on the platform', async () => {
    const onCommand = vi.fn();
    const reason = { group: 'live-addresses' as const, call: 'mod_rtmp_url', status: 404, result: 0 };
    renderUi(view({ ...model({ push_url: '', rtmp_url: '' }), notOffered: new Map([['live-addresses', reason]]) }, onCommand));
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    const alert = await screen.findByTestId('live-needs-addresses');
    expect(alert.textContent).toContain("set them in the platform's management");
    expect(alert.textContent).not.toContain('below');
    expect(onCommand).not.toHaveBeenCalled();
  });

  it('with a push address but no pull address it stays off too', async () => {
    const onCommand = vi.fn();
    renderUi(view(model({ push_url: ADDRESSES.push_url, rtmp_url: '' }), onCommand));
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    expect((await screen.findByTestId('live-needs-addresses')).textContent).toContain('Push and pull addresses cannot be empty');
    expect(onCommand).not.toHaveBeenCalled();
  });

  it('with both addresses it asks first, focus on Cancel; Cancel sends nothing, Confirm turns Live on', async () => {
    const onCommand = vi.fn();
    renderUi(view(model(ADDRESSES), onCommand));
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn Live on?' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(dialog.contains(cancel)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    fireEvent.click(cancel);
    expect(onCommand).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm turn Live on' }));
    expect(onCommand).toHaveBeenCalledTimes(1);
    expect(onCommand).toHaveBeenCalledWith(LIVE_ON);
  });

  it('while the connection is lost the confirmation waits, saying why', async () => {
    const onCommand = vi.fn();
    renderUi(view(model(ADDRESSES), onCommand, true));
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    const confirm = (await screen.findByRole('button', { name: 'Confirm turn Live on' })) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(screen.getByText('The connection is lost: this can be confirmed once it is back.')).toBeTruthy();
  });

  it('a status without the addresses (not reported) is not judged: it asks; turning Live off asks nothing', async () => {
    const onCommand = vi.fn();
    const { unmount } = renderUi(view(model(), onCommand));
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    expect(await screen.findByRole('dialog', { name: 'Turn Live on?' })).toBeTruthy();
    unmount();
    renderUi(view(model({}, 1), onCommand));
    fireEvent.click(screen.getByRole('switch', { name: 'Live' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'status', key: 'enable_live', value: 0 });
  });
});
