// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { RecordingControl } from './RecordingControl';
import { CascadeModeControl } from './CascadeModeControl';
import { EndMeetingButton } from './EndMeetingButton';
import { ChatAndModeControls } from './ChatAndModeControls';
import { PollingControl } from './PollingControl';
import { MainVenueControl } from './MainVenueControl';
import { PICKER_OPTION_LIMIT } from '#/components/participantPicker/participantOptions';
import { staticOnline } from '#/session/onlineParticipants';
import { renderUi } from '#/testing/render';
import { ConnectionLostState } from '#/session/connectionLost';

afterEach(cleanup);

describe('RecordingControl', () => {
  it('offers start when idle (asked first) and stop while recording', async () => {
    const onStart = vi.fn();
    const onStop = vi.fn();
    const { rerender } = renderUi(<RecordingControl state="idle" onStart={onStart} onStop={onStop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm start recording' }));
    expect(onStart).toHaveBeenCalledTimes(1);
    rerender(<RecordingControl state="recording" onStart={onStart} onStop={onStop} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stop recording' }));
    expect(onStop).toHaveBeenCalled();
  });

  it('offers nothing while starting and shows the state', () => {
    renderUi(<RecordingControl state="starting" onStart={() => {}} onStop={() => {}} />);
    expect(screen.queryByRole('button', { name: 'Start recording' })).toBeNull();
    expect(screen.getByTestId('recording-control').getAttribute('data-state')).toBe('starting');
  });

  it('shows the failure and offers a retry, asked first as well', async () => {
    const onStart = vi.fn();
    renderUi(<RecordingControl state="failed" failure="The recording service is unavailable" onStart={onStart} onStop={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('The recording service is unavailable');
    fireEvent.click(screen.getByRole('button', { name: 'Retry recording' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm start recording' }));
    expect(onStart).toHaveBeenCalledTimes(1);
  });

  it('starting asks first (issue 26 item 4): focus on Cancel, Cancel starts nothing, Confirm waits while the connection is lost', async () => {
    const onStart = vi.fn();
    const ui = (lost: boolean) => (
      <ConnectionLostState value={lost}>
        <RecordingControl state="idle" onStart={onStart} onStop={() => {}} />
      </ConnectionLostState>
    );
    const view = renderUi(ui(false));
    fireEvent.click(screen.getByRole('button', { name: 'Start recording' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start recording?' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(dialog.contains(cancel)).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(cancel));
    view.rerender(ui(true));
    expect((screen.getByRole('button', { name: 'Confirm start recording' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('The connection is lost: this can be confirmed once it is back.')).toBeTruthy();
    fireEvent.click(cancel);
    expect(onStart).not.toHaveBeenCalled();
  });
});

describe('CascadeModeControl', () => {
  it('warns that cascade points block non-cascade and still passes the request on', () => {
    const onChange = vi.fn();
    renderUi(<CascadeModeControl mode="parent" cascadePoints={2} onChange={onChange} />);
    expect(screen.getByTestId('cascade-points-hint')).toBeTruthy();
    fireEvent.click(screen.getByText('Non-cascade'));
    expect(onChange).toHaveBeenCalledWith('nonCascade');
  });
});

describe('EndMeetingButton', () => {
  it('ends only after confirmation', async () => {
    const onEnd = vi.fn();
    renderUi(<EndMeetingButton onEnd={onEnd} />);
    fireEvent.click(screen.getByRole('button', { name: 'End meeting' }));
    expect(onEnd).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole('button', { name: 'Confirm end meeting' }));
    await waitFor(() => expect(onEnd).toHaveBeenCalledTimes(1));
  });

  it('speaks of finishing the class in a class', () => {
    renderUi(<EndMeetingButton scene="class" onEnd={() => {}} />);
    expect(screen.getByRole('button', { name: 'Finish class' })).toBeTruthy();
  });
});

describe('ChatAndModeControls', () => {
  it('asks for live chat and mode changes', () => {
    const onLiveChat = vi.fn();
    const onMode = vi.fn();
    renderUi(
      <ChatAndModeControls
        chatPermission={1}
        liveChat={false}
        mode="speaker"
        onChatPermission={() => {}}
        onLiveChat={onLiveChat}
        onMode={onMode}
      />,
    );
    fireEvent.click(screen.getByRole('switch', { name: 'Allow live chat' }));
    expect(onLiveChat).toHaveBeenCalledWith(true);
    fireEvent.click(screen.getByText('Discussion mode'));
    expect(onMode).toHaveBeenCalledWith('discussion');
  });
});

describe('PollingControl', () => {
  it('asks to poll one role', () => {
    const onToggle = vi.fn();
    renderUi(<PollingControl values={{ speaker: false, chair: false, guest: true }} onToggle={onToggle} />);
    fireEvent.click(screen.getByRole('switch', { name: 'Poll audience view' }));
    expect(onToggle).toHaveBeenCalledWith('guest', false);
  });
});

describe('MainVenueControl', () => {
  const many = staticOnline(Array.from({ length: 5000 }, (_, i) => ({ usrId: `u${i}`, name: `Sim ${i}` })));

  it('shows the current main venue by name while closed, with no other options built', () => {
    renderUi(<MainVenueControl candidates={many} current="u42" currentName="Sim 42" onDesignate={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Main venue' }) as HTMLInputElement;
    expect(input.value).toBe('Sim 42');
    expect(screen.getByTestId('main-venue').getAttribute('data-state')).toBe('u42');
  });

  it('searches the candidates and offers at most the limit', async () => {
    const onDesignate = vi.fn();
    renderUi(<MainVenueControl candidates={many} current="" onDesignate={onDesignate} />);
    const input = screen.getByRole('combobox', { name: 'Main venue' });
    input.focus();
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'Sim 1' } });
    // the current choice (none) stays offered above the matches
    await waitFor(() => expect(screen.getAllByRole('option', { hidden: true }).length).toBe(PICKER_OPTION_LIMIT + 1));
    expect(screen.getAllByRole('option', { hidden: true })[0].textContent).toBe('No main venue');
    expect(screen.getAllByRole('option', { hidden: true })[1].textContent).toBe('Sim 1');
    // Sim 1, 10–19, 100–199 and 1000–1999 match
    expect(screen.getByRole('group', { name: 'Showing 50 of 1,111 — type to narrow', hidden: true })).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Sim 1234' } });
    await waitFor(() =>
      expect(screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent)).toEqual(['No main venue', 'Sim 1234']),
    );
    expect(screen.queryByRole('group', { hidden: true })).toBeNull();
    fireEvent.click(screen.getByRole('option', { name: 'Sim 1234', hidden: true }));
    expect(onDesignate).toHaveBeenCalledWith('u1234');
  });
});
