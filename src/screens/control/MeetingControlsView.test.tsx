// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ApiError } from '@protocol/errors';
import { RC } from '@protocol/codes';
import { MeetingControlsView, type MeetingControlsModel } from './MeetingControlsView';
import { renderUi } from '#/testing/render';
import { meetingControlsModel } from './testing';

afterEach(cleanup);

const model = meetingControlsModel;
const noop = () => {};

describe('MeetingControlsView', () => {
  it('sends the wire command of a switch', () => {
    const onCommand = vi.fn();
    renderUi(<MeetingControlsView model={model()} onCommand={onCommand} onRecording={noop} onCascade={noop} onWaitingRoom={noop} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Lock meeting' }));
    expect(onCommand).toHaveBeenCalledWith({ type: 'status', key: 'lock_mr', value: 1 });
  });

  it('shows the pending switch and the refusal of its request', () => {
    renderUi(
      <MeetingControlsView
        model={model({
          pending: new Set(['switch.sameLayout']),
          refusal: { target: 'switch.lock', error: new ApiError('http', 403, '/x', RC.noAccessRights) },
        })}
        onCommand={noop}
        onRecording={noop}
        onCascade={noop}
        onWaitingRoom={noop}
      />,
    );
    expect((screen.getByRole('switch', { name: 'Same layout' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByTestId('meeting-switches-error').textContent).toMatch(/access/i);
  });

  it('meeting modes not offered by this platform: the subtitles switch disabled with the reason, the other switches usable (issue 23)', () => {
    const onCommand = vi.fn();
    const reason = { group: 'meeting-modes' as const, call: 'title_enabled', status: 400, result: RC.unknownAction };
    renderUi(
      <MeetingControlsView
        model={model({ notOffered: new Map([['meeting-modes', reason]]) })}
        onCommand={onCommand}
        onRecording={noop}
        onCascade={noop}
        onWaitingRoom={noop}
      />,
    );
    const subtitles = screen.getByRole('switch', { name: /^Subtitles/ }) as HTMLInputElement;
    expect(subtitles.disabled).toBe(true);
    expect(
      screen.getAllByText(`Not offered by this platform: the server refused title_enabled (400, result ${RC.unknownAction})`).length,
    ).toBeGreaterThan(0);
    expect((screen.getByRole('switch', { name: 'Lock meeting' }) as HTMLInputElement).disabled).toBe(false);
  });

  it('a meeting status without waiting_room: the waiting room is not offered, said before any call is tried; with it, offered (issue 23)', () => {
    const view = (status: MeetingControlsModel['status']) => (
      <MeetingControlsView model={model({ status })} onCommand={noop} onRecording={noop} onCascade={noop} onWaitingRoom={noop} />
    );
    const { rerender } = renderUi(view({ ...model().status }));
    expect(screen.getByText('Not offered by this platform: its meeting status reports no waiting_room')).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Waiting room', hidden: true }) as HTMLInputElement).disabled).toBe(true);
    rerender(view({ ...model().status, waiting_room: 0 }));
    expect(screen.queryByText(/reports no waiting_room/)).toBeNull();
    expect((screen.getByRole('switch', { name: 'Waiting room', hidden: true }) as HTMLInputElement).disabled).toBe(false);
  });

  it('hides live when the tenant has no built-in live', () => {
    renderUi(
      <MeetingControlsView
        model={model({ liveBuiltin: false })}
        onCommand={noop}
        onRecording={noop}
        onCascade={noop}
        onWaitingRoom={noop}
      />,
    );
    expect(screen.queryByRole('switch', { name: 'Live' })).toBeNull();
  });

  it('routes recording to the recording machine, once confirmed', async () => {
    const onRecording = vi.fn();
    renderUi(<MeetingControlsView model={model()} onCommand={noop} onRecording={onRecording} onCascade={noop} onWaitingRoom={noop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm start recording' }));
    expect(onRecording).toHaveBeenCalledWith(true);
  });
});
