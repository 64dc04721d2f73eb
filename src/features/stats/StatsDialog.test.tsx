// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { MediaStreamResponse } from '@protocol/wire';
import type { FetchMediaStats, StatsSample } from '@machines/index';
import { renderUi } from '#/testing/render';
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

  it('starts with the history read before it opened, hands on its own samples, and gives current, average and peak', async () => {
    const f = scripted(['ok']);
    const earlier = [10, 20].map((t) => ({ ...sampleAt(t), video_rx_bw: 400 }));
    const handed: number[] = [];
    renderUi(
      <StatsDialog
        name="Alice"
        epId={12}
        fetchStats={f.fetchStats}
        onClose={() => {}}
        earlier={earlier}
        onSample={(s) => handed.push(s.video_rx_bw)}
      />,
    );
    await waitFor(() => expect(sampleCount()).toBe(1));
    expect(screen.getByTestId('stats-samples').getAttribute('data-earlier')).toBe('2');
    expect(handed).toEqual([800]);
    const videoRx = screen.getByTestId('stats-figures').querySelector('[data-series="video_rx"]')!;
    const figure = (name: string) => videoRx.querySelector(`[data-figure="${name}"]`)!.textContent;
    expect([figure('current'), figure('average'), figure('peak')]).toEqual(['800', '533', '800']);
  });
});

/** an all-zero sample at second `t` */
function sampleAt(t: number): StatsSample {
  const s = { t } as StatsSample;
  for (const k of ['audio', 'video', 'content'])
    for (const d of ['rx', 'tx']) for (const m of ['bw', 'loss', 'jitter']) (s as unknown as Record<string, number>)[`${k}_${d}_${m}`] = 0;
  return s;
}
