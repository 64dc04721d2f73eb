// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { MediaStreamResponse } from '@protocol/wire';
import type { FetchMediaStats } from '@machines/index';
import { renderUi } from '../meetingControls/testUtils';
import { StatsDialog } from './StatsDialog';

afterEach(cleanup);

const answer: MediaStreamResponse = {
  refer_num: 1,
  remote_addr: '',
  uuid: '',
  local_addr: '',
  data: [{ node: '', id: 1, type: 'video', ssrc: '', start_time: 0, fps: 30, fur: 0, rx_bitrate: 800, rx_lost_rate: 0.2, rx_jitter: 4 }],
};

function scripted(outcomes: ('ok' | 'fail')[]) {
  const asked: number[] = [];
  const signals: AbortSignal[] = [];
  const fetchStats: FetchMediaStats = (epId, signal) => {
    asked.push(epId);
    signals.push(signal);
    const outcome = outcomes.shift();
    if (outcome === 'ok') return Promise.resolve(answer);
    if (outcome === 'fail') return Promise.reject(new Error('404'));
    return new Promise(() => {});
  };
  return { asked, signals, fetchStats };
}

const sampleCount = () => Number(screen.getByTestId('stats-samples').getAttribute('data-count'));

describe('StatsDialog', () => {
  it('charts a sample per answer of the participant leg', async () => {
    const f = scripted(['ok']);
    renderUi(<StatsDialog name="Alice" epId={12} fetchStats={f.fetchStats} onClose={() => {}} />);
    await waitFor(() => expect(sampleCount()).toBe(1));
    expect(f.asked).toEqual([12]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the statistics are not enabled when the call fails', async () => {
    const f = scripted(['fail']);
    renderUi(<StatsDialog name="Alice" epId={12} fetchStats={f.fetchStats} onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The meeting statistics function is not enabled');
    expect(sampleCount()).toBe(0);
  });

  it('another leg starts a new chart; closing aborts the request in flight', async () => {
    const f = scripted(['ok']);
    const view = renderUi(<StatsDialog name="Alice" epId={12} fetchStats={f.fetchStats} onClose={() => {}} />);
    await waitFor(() => expect(sampleCount()).toBe(1));
    view.rerender(<StatsDialog name="Bob" epId={13} fetchStats={f.fetchStats} onClose={() => {}} />);
    await waitFor(() => expect(f.asked).toEqual([12, 13]));
    expect(sampleCount()).toBe(0);
    view.unmount();
    expect(f.signals[1].aborted).toBe(true);
  });
});
