// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createRef } from 'react';
import { VideoTile } from './VideoTile';
import { MeetingSoundPlayer } from './MeetingSoundPlayer';
import type { MeetingSoundControl } from './useMeetingSound';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

const stream = () => new MediaStream();

describe('VideoTile', () => {
  it('shows the video while live, with the name and signal overlays when asked', () => {
    HTMLMediaElement.prototype.play = vi.fn(() => Promise.resolve());
    renderUi(<VideoTile stream={stream()} usrId="1001" name="Alice Zhang" mode="live" showName signal={2} />);
    const tile = screen.getByTestId('video-tile');
    expect(tile.getAttribute('data-video')).toBe('live');
    expect(tile.querySelector('video')).not.toBeNull();
    expect(screen.getByTestId('video-tile-name').textContent).toBe('Alice Zhang');
    expect(screen.getByRole('img', { name: 'Signal poor' }).getAttribute('data-signal-level')).toBe('2');
  });

  it('shows a name placeholder instead of video when hidden or off, and no overlays unless asked', () => {
    renderUi(<VideoTile stream={null} usrId="1001" name="Alice Zhang" mode="hidden" />);
    expect(screen.getByTestId('video-tile').querySelector('video')).toBeNull();
    expect(screen.getByTestId('video-tile-placeholder').textContent).toContain('Video hidden');
    expect(screen.getByTestId('video-tile-placeholder').textContent).toContain('AZ');
    expect(screen.queryByTestId('video-tile-name')).toBeNull();
    expect(screen.queryByTestId('video-tile-signal')).toBeNull();
    cleanup();
    renderUi(<VideoTile stream={stream()} usrId="1001" name="Alice" mode="off" signal={null} talking />);
    expect(screen.getByTestId('video-tile-placeholder').textContent).toContain('Video off');
    expect(screen.getByRole('img', { name: 'Signal unknown' })).toBeTruthy();
    expect(screen.getByTestId('video-tile').getAttribute('data-talking')).toBe('true');
  });
});

describe('MeetingSoundPlayer', () => {
  const control = (patch: Partial<MeetingSoundControl>): MeetingSoundControl => ({
    start: vi.fn(),
    state: 'off',
    audioRef: createRef(),
    voices: [],
    level: 0,
    sinkFailed: false,
    ...patch,
  });

  it('asks for a click while the browser blocks the sound, and starts from that click', () => {
    const c = control({ state: 'blocked' });
    renderUi(<MeetingSoundPlayer control={c} />);
    fireEvent.click(screen.getByRole('button', { name: 'Enable sound' }));
    expect(c.start).toHaveBeenCalledOnce();
  });

  it('tells who is heard and when the speaker choice failed', () => {
    renderUi(<MeetingSoundPlayer control={control({ state: 'playing', voices: ['a', 'b'], sinkFailed: true })} />);
    expect(screen.getByTestId('meeting-sound').getAttribute('data-voices')).toBe('a,b');
    expect(screen.getByText('2 people talking')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('default output');
  });
});
