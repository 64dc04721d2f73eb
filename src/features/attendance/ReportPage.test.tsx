// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { PresenceRecord } from '@protocol/attendance';
import { createTestI18n, renderUi } from '#/testing/render';
import { ReportPage, REPORT_SCREEN_ROWS } from './ReportPage';
import { AttendanceTable } from './AttendanceTable';
import { useAttendanceWords } from './attendanceWords';
import { toAttendanceRows, selectAttendanceRows, type AttendanceSort } from './attendanceModel';
import { summariseActivity, type ReportSnapshot } from './reportModel';

afterEach(cleanup);

const rec = (i: number, intervals: PresenceRecord['intervals'], roll_calls?: PresenceRecord['roll_calls']): PresenceRecord => ({
  usr_id: `u${String(i).padStart(4, '0')}`,
  name: `Person ${String(i).padStart(4, '0')}`,
  invited: true,
  intervals,
  joins: intervals.length,
  ...(roll_calls ? { roll_calls } : {}),
});

function snapshot(records: PresenceRecord[], scene: 'conference' | 'class' = 'conference'): ReportSnapshot {
  return {
    format: 1,
    mr_id: '8008038',
    title: 'Physics 101',
    scene,
    taken_at: 10_000,
    meeting_start: 6_400,
    meeting_end: 10_000,
    source: 'server',
    since: 6_400,
    controllers: [{ role: 'host', peer_ip: '10.0.0.1', dtm: 6_400, quit_dtm: 0 }],
    records,
    quality: {
      window_minutes: 30,
      loss_threshold: 5,
      jitter_threshold: 40,
      rows: [{ usr_id: 'u0000', name: 'Person 0000', loss_peak: 7.25, jitter_peak: 50, secs_over: 70 }],
    },
    activity: summariseActivity([], 'server'),
  };
}

describe('ReportPage', () => {
  it('shows the facts, the counts, the roll call and the quality, in the class wording for a class', async () => {
    const i18n = await createTestI18n('en');
    const records = [
      rec(0, [{ join: 6_400, leave: 8_200 }], [{ at: 7_000, answered: true }]),
      rec(1, [{ join: 7_000 }], [{ at: 6_500, answered: false }]),
      rec(2, []),
    ];
    renderUi(<ReportPage report={snapshot(records, 'class')} />, i18n);
    expect(screen.getByRole('heading', { name: 'Class report' })).toBeTruthy();
    expect(screen.getByTestId('report-counts').textContent).toBe('3 in all: 1 in class, 1 left, 1 absent');
    const table = screen.getByTestId('report-attendance');
    const row0 = within(table).getByText('Person 0000').closest('tr')!;
    // 30 of the 60 minutes: half the class
    expect(row0.textContent).toContain('30:00');
    expect(row0.textContent).toContain('50 %');
    // the platform records no answer to a roll call: what is shown is whether they were present when called
    const calls = within(screen.getByTestId('report-rollcall'));
    expect(calls.getByRole('columnheader', { name: 'Present when called' })).toBeTruthy();
    expect(calls.getByText('Person 0000').closest('tr')!.textContent).toContain('Yes');
    expect(calls.getByText('Person 0001').closest('tr')!.textContent).toContain('No');
    expect(within(table).getByText('Person 0001').closest('tr')!.textContent).toContain('Absent when called');
    expect(screen.queryByText(/answered/i)).toBeNull();
    expect(within(screen.getByTestId('report-quality')).getByText('7.3 %')).toBeTruthy();
  });

  it('draws the first rows on screen and every row once printed', async () => {
    const i18n = await createTestI18n('zh');
    // in reverse name order: the screen picks the first 300 by name without sorting them all
    const records = Array.from({ length: REPORT_SCREEN_ROWS + 20 }, (_, i) => rec(i, [{ join: 6_400 }])).reverse();
    renderUi(<ReportPage report={snapshot(records)} />, i18n);
    const ids = () => [...screen.getByTestId('report-attendance').querySelectorAll('tbody tr')].map((tr) => tr.getAttribute('data-usr-id'));
    const onScreen = ids();
    expect(onScreen).toHaveLength(REPORT_SCREEN_ROWS);
    expect(
      screen.getByText(`显示 ${REPORT_SCREEN_ROWS + 20} 行中的前 ${REPORT_SCREEN_ROWS} 行：打印的报告和导出文件包含全部。`),
    ).toBeTruthy();
    fireEvent(window, new Event('beforeprint'));
    const printed = ids();
    expect(printed).toHaveLength(REPORT_SCREEN_ROWS + 20);
    expect(printed[0]).toBe('u0000');
    expect(printed.slice(0, REPORT_SCREEN_ROWS)).toEqual(onScreen);
  });

  it('gives a meeting of two minutes a few time ticks, each a different time with its seconds', async () => {
    const i18n = await createTestI18n('zh');
    const records = [rec(0, [{ join: 6_400 }]), rec(1, [{ join: 6_430, leave: 6_470 }])];
    renderUi(<ReportPage report={{ ...snapshot(records), meeting_end: 6_520, taken_at: 6_520 }} />, i18n);
    const ticks = screen.getAllByTestId('report-chart-tick').map((el) => el.textContent ?? '');
    expect(ticks.length).toBeGreaterThanOrEqual(4);
    expect(ticks.length).toBeLessThanOrEqual(9);
    expect(new Set(ticks).size).toBe(ticks.length);
    expect(ticks.every((text) => /\d{2}:\d{2}:\d{2}/.test(text))).toBe(true);
    expect(screen.getByTestId('report-chart').getAttribute('data-peak')).toBe('2');
  });
});

function SortableTable({ records }: { records: PresenceRecord[] }) {
  const words = useAttendanceWords('conference');
  const [sort, setSort] = useState<AttendanceSort>({ key: 'name', dir: 'asc' });
  const rows = selectAttendanceRows(toAttendanceRows(records, 0, 1_000), 'all', '', sort);
  return <AttendanceTable rows={rows} sort={sort} onSort={setSort} words={words} height={200} />;
}

describe('ReportPage transcript (issue 30)', () => {
  it('lists the lines audio-to-text kept with time, speaker and text, and says when there were none', async () => {
    const i18n = await createTestI18n('en');
    const lines = [
      { id: 1, dtm: 6_500, usr_id: 'u1', name: 'Mia Kim', lang: 'en' as const, text: 'Can you hear me?' },
      { id: 2, dtm: 6_510, usr_id: 'u2', name: '深圳分会场', lang: 'zh' as const, text: '设备已经到位。' },
    ];
    renderUi(<ReportPage report={{ ...snapshot([]), transcript: { total: 2, lines } }} />, i18n);
    const section = screen.getByRole('region', { name: 'Transcript' });
    expect(within(section).getByTestId('report-transcript').getAttribute('data-total')).toBe('2');
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringMatching(/Mia Kim Can you hear me\?$/),
      expect.stringMatching(/深圳分会场 设备已经到位。$/),
    ]);
    expect(items[1].querySelector('[lang="zh-CN"]')?.textContent).toBe('设备已经到位。');
    cleanup();
    renderUi(<ReportPage report={snapshot([])} />, i18n);
    expect(screen.getByTestId('report-transcript').textContent).toBe('Audio-to-text recognised nothing in this meeting.');
  });
});

describe('AttendanceTable', () => {
  it('sorts by a column header (again: the other way), says so with aria-sort, and draws only the rows in view of 10,000', async () => {
    const i18n = await createTestI18n('en');
    const records = Array.from({ length: 10_000 }, (_, i) => rec(i, [{ join: 0, leave: i % 1000 }]));
    renderUi(<SortableTable records={records} />, i18n);
    const table = screen.getByTestId('attendance-table');
    const drawn = () => [...table.querySelectorAll('[role="row"][data-usr-id]')].map((r) => r.getAttribute('data-usr-id'));
    expect(drawn().length).toBeLessThan(40);
    expect(drawn()[0]).toBe('u0000');
    const header = screen.getByRole('button', { name: 'Time present' });
    fireEvent.click(header);
    expect(header.closest('[role="columnheader"]')!.getAttribute('aria-sort')).toBe('descending');
    expect(drawn()[0]).toBe('u0999');
    fireEvent.click(header);
    expect(header.closest('[role="columnheader"]')!.getAttribute('aria-sort')).toBe('ascending');
    expect(drawn()[0]).toBe('u0000');
  });
});
