// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { I18n } from '@lingui/core';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { TranscriptLine } from '@protocol/wire';
import { createTestI18n, renderUi } from '#/testing/render';
import { TranscriptView, type TranscriptViewActions, type TranscriptViewModel } from './TranscriptView';
import { SHOWN_LINES, atTail, shownLines } from './transcriptModel';

afterEach(cleanup);
let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n('en');
});

const line = (id: number, over: Partial<TranscriptLine> = {}): TranscriptLine => ({
  id,
  dtm: 1_700_000_000 + id,
  usr_id: `u${id % 3}`,
  name: `Talker ${id % 3}`,
  lang: 'en',
  text: `line ${id}`,
  ...over,
});

function render(over: Partial<TranscriptViewModel> = {}) {
  const actions: TranscriptViewActions = {
    onAsr: vi.fn(),
    onCaptions: vi.fn(),
    onPause: vi.fn(),
    onResume: vi.fn(),
    onFollowTail: vi.fn(),
    onSend: vi.fn(),
    onRetry: vi.fn(),
  };
  const model: TranscriptViewModel = {
    asrOn: true,
    asrPending: false,
    captions: false,
    lines: [line(1), line(2, { name: '深圳分会场', lang: 'zh', text: '设备已经到位。' })],
    held: 0,
    paused: false,
    followTail: true,
    loading: false,
    loadFailed: false,
    ...over,
  };
  renderUi(<TranscriptView {...model} {...actions} />, i18n);
  return actions;
}

describe('TranscriptView', () => {
  it('says plainly that only the two loudest channels are recognised, and flips the switch', () => {
    const a = render({ asrOn: false, lines: [] });
    const sw = screen.getByRole('switch', { name: 'Audio-to-text' });
    expect(sw.getAttribute('aria-describedby')).toBe(screen.getByTestId('asr-note').id);
    expect(screen.getByTestId('asr-note').textContent).toMatch(/at most the two loudest audio channels/);
    expect(screen.getByTestId('transcript-empty').textContent).toMatch(/off/);
    fireEvent.click(sw);
    expect(a.onAsr).toHaveBeenCalledWith(true);
  });

  it('shows each line with its time, speaker and text, and sends one as the subtitle by its labelled button', () => {
    const a = render();
    const list = screen.getByRole('list', { name: 'Transcript lines' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[1].textContent).toContain('深圳分会场');
    expect(rows[1].textContent).toContain('设备已经到位。');
    expect(rows[1].querySelector('time')?.getAttribute('dateTime')).toBe(new Date((1_700_000_000 + 2) * 1000).toISOString());
    fireEvent.click(within(rows[1]).getByRole('button', { name: /^Send as subtitle: 深圳分会场 at / }));
    expect(a.onSend).toHaveBeenCalledWith(2);
  });

  it('pauses, and offers the held lines on resume', () => {
    const a = render();
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(a.onPause).toHaveBeenCalled();
    cleanup();
    const b = render({ paused: true, held: 4, followTail: false });
    fireEvent.click(screen.getByRole('button', { name: 'Resume (4 new)' }));
    expect(b.onResume).toHaveBeenCalled();
  });

  it('draws only the newest rows of a long meeting (its bound) and says where the earlier ones are', () => {
    // a bound of 20 here: SHOWN_LINES itself is checked on shownLines below (200 Mantine rows are slow in happy-dom)
    const lines = Array.from({ length: 70 }, (_, i) => line(i + 1));
    render({ lines, shownLimit: 20 });
    expect(within(screen.getByTestId('transcript-lines')).getAllByRole('listitem')).toHaveLength(20);
    expect(screen.getByText(/50 earlier lines are not shown here/)).toBeTruthy();
    expect(screen.getByTestId('transcript-lines').lastElementChild?.getAttribute('data-line-id')).toBe('70');
  });

  it('shows a refusal of the switch in words and disables it while the request is pending', () => {
    render({ asrPending: true, asrRefusal: 'Not allowed' });
    expect(screen.getByRole('alert').textContent).toBe('Not allowed');
    expect((screen.getByRole('switch', { name: 'Audio-to-text' }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe('transcriptModel', () => {
  it('bounds the shown lines and tells the tail', () => {
    const lines = Array.from({ length: 5 }, (_, i) => line(i + 1));
    expect(shownLines(lines, 3)).toEqual({ shown: lines.slice(2), earlier: 2 });
    expect(shownLines(lines, 10).earlier).toBe(0);
    const many = Array.from({ length: SHOWN_LINES + 7 }, (_, i) => line(i + 1));
    expect(shownLines(many).shown).toHaveLength(SHOWN_LINES);
    expect(shownLines(many).earlier).toBe(7);
    expect(atTail({ scrollTop: 480, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(atTail({ scrollTop: 100, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
  });
});
