/**
 * The meeting report (issue 29 item 3): one page of the meeting's facts, participants over time
 * with joins and leaves, the attendance table, roll-call results, a quality summary per participant
 * and the activity summary, read from a snapshot the console kept (reportSnapshot.ts), so it opens
 * in a tab of its own and after the meeting ended. Prints to PDF with the browser's print: no
 * buttons, a page break before each section, table headers repeated on every page, every row.
 */
import { useEffect, useMemo, useState } from 'react';
import { flushSync } from 'react-dom';
import { Alert, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { downloadText, fileStamp } from '#/shared/csv';
import {
  attendanceCsv,
  countAttendance,
  durationText,
  percentText,
  selectAttendanceRows,
  toAttendanceRows,
  type AttendanceRow,
} from './attendanceModel';
import { useAttendanceWords } from './attendanceWords';
import { reportJson, reportNow, type ReportSnapshot } from './reportModel';
import { PresenceChart } from './PresenceChart';
import classes from './report.module.css';

/** rows drawn on screen per table; the print and the exports hold every row */
export const REPORT_SCREEN_ROWS = 300;
const BY_NAME = { key: 'name', dir: 'asc' } as const;

/** true while the page is printed (the print button, the browser's print, print media) */
function usePrinting(): [boolean, (on: boolean) => void] {
  const [printing, setPrinting] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.('print').matches);
  useEffect(() => {
    const before = () => flushSync(() => setPrinting(true));
    const after = () => setPrinting(false);
    const media = window.matchMedia?.('print');
    const onMedia = (e: MediaQueryListEvent) => (e.matches ? before() : after());
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    media?.addEventListener?.('change', onMedia);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
      media?.removeEventListener?.('change', onMedia);
    };
  }, []);
  return [printing, setPrinting];
}

export function ReportPage({ report, refreshed }: { report: ReportSnapshot; refreshed?: 'server' | 'snapshot' }) {
  const { t, i18n } = useLingui();
  const words = useAttendanceWords(report.scene);
  const [printing, setPrinting] = usePrinting();
  const now = reportNow(report);
  const start = report.meeting_start || report.since;
  const all = useMemo(() => toAttendanceRows(report.records, start, now), [report.records, start, now]);
  // on screen only the first rows are drawn, and only they are put in order: sorting all 10,000
  // names is left to the print and the export, which hold them all
  const shown = useMemo(
    () => selectAttendanceRows(all, 'all', '', BY_NAME, { locale: i18n.locale, ...(printing ? {} : { first: REPORT_SCREEN_ROWS }) }),
    [all, i18n.locale, printing],
  );
  const dateTime = useMemo(
    () => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'medium', hour12: false }),
    [i18n.locale],
  );
  const at = (secs: number | undefined) => (secs ? dateTime.format(new Date(secs * 1000)) : '—');
  const limit = <T,>(list: readonly T[]) => (printing ? list : list.slice(0, REPORT_SCREEN_ROWS));
  const isClass = report.scene === 'class';
  const { all: total, present, left, never } = countAttendance(all);
  const calls = useMemo(
    () =>
      report.records
        .flatMap((r) => (r.roll_calls ?? []).map((m) => ({ usrId: r.usr_id, name: r.name || r.usr_id, at: m.at, answered: m.answered })))
        .sort((a, b) => a.at - b.at),
    [report.records],
  );
  const csv = () => {
    const rows = selectAttendanceRows(all, 'all', '', BY_NAME, { locale: i18n.locale });
    downloadText(
      `report-${report.mr_id}-${fileStamp()}.csv`,
      attendanceCsv(rows, { state: words.state, yes: words.yes, no: words.no }),
      'text/csv;charset=utf-8',
    );
  };
  const json = () => downloadText(`report-${report.mr_id}-${fileStamp()}.json`, reportJson(report), 'application/json');
  const print = () => {
    flushSync(() => setPrinting(true));
    window.print();
  };
  const more = (total: number) =>
    !printing && total > REPORT_SCREEN_ROWS ? (
      <Text size="xs" c="dimmed" className={classes.noPrint}>
        <Trans>
          Showing the first {REPORT_SCREEN_ROWS} of {total}: the printed report and the exports hold them all.
        </Trans>
      </Text>
    ) : null;

  return (
    <main className={classes.page} data-testid="report" data-printing={printing}>
      <Group justify="space-between" align="flex-start" className={classes.noPrint} mb="md">
        <Text size="sm" c="dimmed" data-testid="report-taken">
          {refreshed === 'server'
            ? t`The attendance is the server's record as of ${at(now)}.`
            : report.records_on_server
              ? t`The attendance is too large for this browser to keep: it is read from the server while the server keeps it.`
              : t`A snapshot taken at ${at(report.taken_at)}.`}
        </Text>
        <Group gap="xs">
          <Button variant="light" onClick={csv}>
            <Trans>Export CSV</Trans>
          </Button>
          <Button variant="light" onClick={json}>
            <Trans>Export JSON</Trans>
          </Button>
          <Button onClick={print}>
            <Trans>Print or save as PDF</Trans>
          </Button>
        </Group>
      </Group>

      <section className={classes.section} aria-labelledby="report-facts">
        <Title order={1} id="report-facts" size="h2">
          {isClass ? t`Class report` : t`Meeting report`}
        </Title>
        <dl className={classes.facts} data-testid="report-facts">
          <dt>{isClass ? t`Class No.` : t`Meeting No.`}</dt>
          <dd data-testid="report-mr-id">{report.mr_id}</dd>
          <dt>{t`Title`}</dt>
          <dd>{report.title || '—'}</dd>
          <dt>{t`Started`}</dt>
          <dd>{at(report.meeting_start)}</dd>
          <dt>{t`Ended`}</dt>
          <dd>{report.meeting_end ? at(report.meeting_end) : t`Still running when the snapshot was taken`}</dd>
          <dt>{t`Duration`}</dt>
          <dd>{report.meeting_start ? durationText(now - report.meeting_start) : '—'}</dd>
          <dt>{isClass ? t`Students` : t`Participants`}</dt>
          <dd data-testid="report-counts" data-present={present} data-left={left} data-never={never} data-total={total}>
            {isClass
              ? t`${total} in all: ${present} in class, ${left} left, ${never} absent`
              : t`${total} in all: ${present} in the meeting, ${left} left, ${never} never came`}
          </dd>
          <dt>{t`Controllers`}</dt>
          <dd>
            {report.controllers.length === 0
              ? '—'
              : report.controllers.map((c, i) => (
                  <div key={i}>
                    {(c.role === 'supervisor' ? t`Supervisor` : t`Host`) + ` ${c.peer_ip}`} · {at(c.dtm)} –{' '}
                    {c.quit_dtm ? at(c.quit_dtm) : t`still in`}
                  </div>
                ))}
          </dd>
          <dt>{t`Source`}</dt>
          <dd data-testid="report-source" data-source={report.source ?? ''}>
            {report.source === 'local'
              ? t`This platform keeps no attendance record: the history is what the console saw since it logged in at ${at(report.since)}; those already there count from when they entered.`
              : t`The server's attendance record.`}
          </dd>
        </dl>
      </section>

      <section className={classes.section} aria-labelledby="report-chart">
        <Title order={2} id="report-chart" size="h3">
          {isClass ? t`Students over time` : t`Participants over time`}
        </Title>
        <PresenceChart records={report.records} start={start} now={now} />
      </section>

      <section className={classes.section} aria-labelledby="report-attendance">
        <Title order={2} id="report-attendance" size="h3">
          <Trans>Attendance</Trans>
        </Title>
        <AttendanceReportTable rows={shown} words={words} />
        {more(total)}
      </section>

      <section className={classes.section} aria-labelledby="report-rollcall">
        <Title order={2} id="report-rollcall" size="h3">
          <Trans>Roll call</Trans>
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          <Trans>
            A roll call gives the called person the floor; the platform records no answer, so this says whether they were present when
            called.
          </Trans>
        </Text>
        {calls.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No roll call was held.</Trans>
          </Text>
        ) : (
          <Table className={classes.table} aria-labelledby="report-rollcall" data-testid="report-rollcall">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Called at`}</Table.Th>
                <Table.Th>{t`Name`}</Table.Th>
                <Table.Th>{t`Present when called`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {limit(calls).map((c, i) => (
                <Table.Tr key={i}>
                  <Table.Td>{at(c.at)}</Table.Td>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>{c.answered ? words.yes : words.no}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section className={classes.section} aria-labelledby="report-quality">
        <Title order={2} id="report-quality" size="h3">
          <Trans>Quality</Trans>
        </Title>
        <Text size="sm" c="dimmed" mb="xs">
          {t`Worst loss and jitter, and the time either was over its threshold (${report.quality.loss_threshold} % loss, ${report.quality.jitter_threshold} ms jitter), in the last ${report.quality.window_minutes} minutes the console sampled before the snapshot.`}
        </Text>
        {report.quality.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No quality figures were sampled.</Trans>
          </Text>
        ) : (
          <Table className={classes.table} data-testid="report-quality">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Name`}</Table.Th>
                <Table.Th>{t`Worst loss`}</Table.Th>
                <Table.Th>{t`Worst jitter`}</Table.Th>
                <Table.Th>{t`Time over a threshold`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {limit(report.quality.rows).map((q) => (
                <tr key={q.usr_id}>
                  <td>{q.name || q.usr_id}</td>
                  <td>{q.loss_peak < 0 ? '—' : `${Math.round(q.loss_peak * 10) / 10} %`}</td>
                  <td>{q.jitter_peak < 0 ? '—' : `${Math.round(q.jitter_peak)} ms`}</td>
                  <td>{durationText(q.secs_over)}</td>
                </tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        {more(report.quality.rows.length)}
      </section>

      <section className={classes.section} aria-labelledby="report-activity">
        <Title order={2} id="report-activity" size="h3">
          <Trans>Activity</Trans>
        </Title>
        <Text size="sm" data-testid="report-activity" data-total={report.activity.total}>
          {report.activity.source === 'local'
            ? t`${report.activity.total} commands of this console, ${report.activity.refused} refused (this platform keeps no activity log).`
            : t`${report.activity.total} commands of every controller, ${report.activity.refused} refused.`}
        </Text>
        {report.activity.by_controller.length > 0 && (
          <Table className={classes.table} mt="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t`Controller`}</Table.Th>
                <Table.Th>{t`Commands`}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.activity.by_controller.map((c) => (
                <Table.Tr key={`${c.role}|${c.peer_ip}`}>
                  <Table.Td>{`${c.role === 'supervisor' ? t`Supervisor` : t`Host`} ${c.peer_ip || t`(this console)`}`}</Table.Td>
                  <Table.Td>{c.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </section>

      <section className={classes.section} aria-labelledby="report-transcript">
        <Title order={2} id="report-transcript" size="h3">
          <Trans>Transcript</Trans>
        </Title>
        <Text size="sm" data-testid="report-transcript" data-total={report.transcript?.total ?? 0}>
          {report.transcript
            ? t`${report.transcript.total} lines recognised from the two loudest audio channels.`
            : t`Audio-to-text recognised nothing in this meeting.`}
        </Text>
        {report.transcript && (
          <ol className={classes.transcript}>
            {limit(report.transcript.lines).map((l) => (
              <li key={l.id}>
                <span className={classes.transcriptMeta}>
                  {at(l.dtm)} · {l.name || l.usr_id}
                </span>{' '}
                <span lang={l.lang === 'zh' ? 'zh-CN' : 'en'}>{l.text}</span>
              </li>
            ))}
          </ol>
        )}
        {report.transcript && more(report.transcript.lines.length)}
      </section>
    </main>
  );
}

/**
 * The attendance as a plain table: its header repeats on every printed page. Body cells are plain
 * elements (styled by report.module.css): thousands of Mantine cells cost a quarter of the render.
 */
function AttendanceReportTable({ rows, words }: { rows: readonly AttendanceRow[]; words: ReturnType<typeof useAttendanceWords> }) {
  const { t } = useLingui();
  return (
    <Table className={classes.table} striped data-testid="report-attendance" aria-label={words.tableLabel}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t`Name`}</Table.Th>
          <Table.Th>{t`State`}</Table.Th>
          <Table.Th>{t`First joined`}</Table.Th>
          <Table.Th>{t`Last left`}</Table.Th>
          <Table.Th>{t`Time present`}</Table.Th>
          <Table.Th>{words.shareHeader}</Table.Th>
          <Table.Th>{t`Stays`}</Table.Th>
          <Table.Th>{t`Roll call`}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((r) => (
          <tr key={r.usrId} data-usr-id={r.usrId} data-state={r.state} data-total-secs={Math.round(r.totalSecs)}>
            <td>
              {r.name || r.usrId}
              {!r.invited && <span className={classes.dim}> {words.notInvited}</span>}
            </td>
            <td>{words.state(r.state)}</td>
            <td>{r.firstJoin === undefined ? '—' : words.time(r.firstJoin)}</td>
            <td>{r.lastLeave === undefined ? '—' : words.time(r.lastLeave)}</td>
            <td>{durationText(r.totalSecs)}</td>
            <td>{percentText(r.share)}</td>
            <td>{r.joins}</td>
            <td>{words.rollCall(r.rollCalls, r.answered)}</td>
          </tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** No snapshot in this browser for the meeting. */
export function ReportMissing({ mrId }: { mrId: string }) {
  return (
    <main className={classes.page}>
      <Alert color="orange" role="alert" title={<Trans>No report for meeting {mrId} in this browser</Trans>}>
        <Stack gap="xs">
          <Text size="sm">
            <Trans>
              Open the report from the console's Attendance panel or the end-meeting confirmation: it is kept in the browser that opened it.
            </Trans>
          </Text>
        </Stack>
      </Alert>
    </main>
  );
}
