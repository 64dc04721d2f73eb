// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { PrivateTalkPanel, type PrivateTalkPanelProps } from './PrivateTalkPanel';
import { renderUi } from '#/testing/render';
import { staticOnline } from '#/session/onlineParticipants';

afterEach(cleanup);

const props = (patch: Partial<PrivateTalkPanelProps> = {}): PrivateTalkPanelProps => ({
  microphones: [{ deviceId: 'm1', label: 'USB mic' }],
  speakers: [{ deviceId: 's1', label: '' }],
  micId: '',
  speakerId: '',
  volume: 60,
  onMic: () => {},
  onSpeaker: () => {},
  onVolume: () => {},
  onTestTone: () => {},
  candidates: staticOnline([{ usrId: 'u1', name: 'Alice' }]),
  talkingWith: '',
  onStartTalk: () => {},
  onEndTalk: () => {},
  ...patch,
});

describe('PrivateTalkPanel', () => {
  it('shows the output volume and plays a test tone', () => {
    const onTestTone = vi.fn();
    renderUi(<PrivateTalkPanel {...props({ onTestTone })} />);
    expect(screen.getByRole('slider').getAttribute('aria-valuenow')).toBe('60');
    fireEvent.click(screen.getByRole('button', { name: 'Play test tone' }));
    expect(onTestTone).toHaveBeenCalled();
  });

  it('ends the running talk with the participant the server reports', () => {
    const onEndTalk = vi.fn();
    renderUi(<PrivateTalkPanel {...props({ talkingWith: 'u1', onEndTalk })} />);
    expect(screen.getByTestId('private-talk-state').textContent).toBe('Talking privately with Alice');
    fireEvent.click(screen.getByRole('button', { name: 'End private talk' }));
    expect(onEndTalk).toHaveBeenCalledWith('u1');
  });

  it('cannot start a talk before choosing someone', () => {
    renderUi(<PrivateTalkPanel {...props()} />);
    expect((screen.getByRole('button', { name: 'Start private talk' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
