/**
 * Attendance (issue 29 item 2): a button that opens who is in the meeting, who came and left, and
 * who never came, against the invited list; each with first join, last leave, time present and
 * share of the meeting so far, and whether they were present at each roll call. Sortable, searchable, exported as CSV
 * and JSON, and the way to the printable meeting report (also asked for by the end-meeting
 * confirmation, src/session/reportRequest.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { attendanceSelectors, type AttendanceMachine } from '@machines/index';
import type { MrScene } from '@protocol/wire';
import { useSessionChild } from '#/session/useSessionChild';
import { onReportRequest } from '#/session/reportRequest';
import { downloadText, fileStamp } from '#/shared/csv';
import { AttendanceTable } from './AttendanceTable';
import {
  attendanceCsv,
  countAttendance,
  selectAttendanceRows,
  toAttendanceRows,
  type AttendanceFilter,
  type AttendanceSort,
} from './attendanceModel';
import { useAttendanceWords } from './attendanceWords';
import { openReport } from './openReport';

const {
  selectAttendanceVersion,
  selectAttendanceRecords,
  selectAttendanceSource,
  selectAttendanceSince,
  selectMeetingStart,
  selectAttendanceLoading,
  selectAttendanceLoadFailed,
  selectAttendanceServerFacts,
} = attendanceSelectors;

/** "so far" moves on while the panel is open */
const TICK_MS = 10_000;

export function AttendancePanel({ session, mrId, scene }: { session: AnyActorRef; mrId: string; scene: MrScene }) {
  const { t, i18n } = useLingui();
  const words = useAttendanceWords(scene);
  const actor = useSessionChild<ActorRefFrom<AttendanceMachine>>(session, 'attendance');
  const version = useSelector(actor, (s) => (s ? selectAttendanceVersion(s) : -1));
  const source = useSelector(actor, (s) => (s ? selectAttendanceSource(s) : null)) ?? null;
  const since = useSelector(actor, (s) => (s ? selectAttendanceSince(s) : 0)) ?? 0;
  const meetingStart = useSelector(actor, (s) => (s ? selectMeetingStart(s) : 0)) ?? 0;
  const meetingEnd = useSelector(actor, (s) => (s ? selectAttendanceServerFacts(s).meetingEnd : undefined));
  const loading = useSelector(actor, (s) => (s ? selectAttendanceLoading(s) : true)) ?? true;
  const loadFailed = useSelector(actor, (s) => (s ? selectAttendanceLoadFailed(s) : false)) ?? false;
  const [opened, setOpened] = useState(false);
  const [filter, setFilter] = useState<AttendanceFilter>('all');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AttendanceSort>({ key: 'state', dir: 'asc' });
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const [reportRefused, setReportRefused] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setNow(Math.floor(Date.now() / 1000));
    const id = setInterval(() => setNow(Math.floor(Date.now() / 1000)), TICK_MS);
    return () => clearInterval(id);
  }, [opened]);

  const report = () => void openReport(session, mrId, scene).then((saved) => setReportRefused(!saved));
  useEffect(() => onReportRequest(report));

  const measuredTo = meetingEnd ?? now;
  // the records are read only while the panel is open: a closed panel costs nothing per change
  const rows = useMemo(
    () => (opened && actor ? toAttendanceRows(selectAttendanceRecords(actor.getSnapshot()), meetingStart || since, measuredTo) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the records are read from the snapshot: `version` says when they changed
    [opened, actor, version, meetingStart, since, measuredTo],
  );
  const counts = useMemo(() => countAttendance(rows), [rows]);
  const shown = useMemo(
    () => selectAttendanceRows(rows, filter, search, sort, { locale: i18n.locale }),
    [rows, filter, search, sort, i18n.locale],
  );
  const csv = () =>
    downloadText(
      `attendance-${mrId}-${fileStamp()}.csv`,
      attendanceCsv(shown, { state: words.state, yes: words.yes, no: words.no }),
      'text/csv;charset=utf-8',
    );
  const json = () =>
    downloadText(
      `attendance-${mrId}-${fileStamp()}.json`,
      JSON.stringify(
        { mr_id: mrId, source, since, meeting_start: meetingStart, measured_to: measuredTo, records: shown.map((r) => r.record) },
        null,
        2,
      ),
      'application/json',
    );
  const sinceText = since ? words.time(since) : '';

  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpened(true)} data-testid="attendance-open">
        <Trans>Attendance</Trans>
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t`Attendance`} size="80rem" data-testid="attendance-dialog">
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="attendance-source" data-source={source ?? 'loading'}>
            {source === 'local'
              ? words.isClass
                ? t`This platform keeps no attendance record: listed is what this console saw since it logged in at ${sinceText}; students already in class count from when they entered.`
                : t`This platform keeps no attendance record: listed is what this console saw since it logged in at ${sinceText}; participants already in the meeting count from when they entered.`
              : words.isClass
                ? t`Every student who was in this class, and everyone on the class list who never came, as the server recorded them.`
                : t`Everyone who was in this meeting, and every invitee who never came, as the server recorded them.`}
          </Text>
          {loadFailed && (
            <Alert color="red" role="alert" title={t`The server's attendance record could not be loaded: shown is what this console saw.`}>
              <Button size="compact-sm" variant="light" onClick={() => actor?.send({ type: 'attendance.refresh' })}>
                <Trans>Try again</Trans>
              </Button>
            </Alert>
          )}
          {reportRefused && (
            <Alert color="red" role="alert">
              <Trans>The browser refused to keep the report (its storage is full or blocked), so it cannot open in its own tab.</Trans>
            </Alert>
          )}
          <Group align="flex-end" gap="sm" role="search" aria-label={t`Filter the attendance`}>
            <TextInput label={t`Name or ID`} value={search} onChange={(e) => setSearch(e.currentTarget.value)} w={220} data-autofocus />
            <SegmentedControl
              aria-label={t`Show`}
              value={filter}
              onChange={(v) => setFilter(v as AttendanceFilter)}
              data={[
                { value: 'all', label: t`All (${counts.all})` },
                { value: 'present', label: `${words.state('present')} (${counts.present})` },
                { value: 'left', label: `${words.state('left')} (${counts.left})` },
                { value: 'never', label: `${words.state('never')} (${counts.never})` },
              ]}
            />
            <Group gap="xs" ml="auto">
              <Button variant="light" onClick={csv} disabled={shown.length === 0}>
                <Trans>Export CSV</Trans>
              </Button>
              <Button variant="light" onClick={json} disabled={shown.length === 0}>
                <Trans>Export JSON</Trans>
              </Button>
              <Button onClick={report} data-testid="attendance-report">
                <Trans>Open report</Trans>
              </Button>
            </Group>
          </Group>
          <Text
            size="sm"
            aria-live="polite"
            data-testid="attendance-count"
            data-shown={shown.length}
            data-present={counts.present}
            data-left={counts.left}
            data-never={counts.never}
          >
            {loading && rows.length === 0
              ? t`Loading…`
              : words.isClass
                ? t`${counts.present} in class · ${counts.left} left · ${counts.never} absent · ${counts.invited} on the class list`
                : t`${counts.present} in the meeting · ${counts.left} left · ${counts.never} never came · ${counts.invited} invited`}
          </Text>
          <div style={{ overflowX: 'auto' }}>
            <AttendanceTable
              rows={shown}
              sort={sort}
              onSort={setSort}
              words={words}
              height={Math.max(240, Math.round(window.innerHeight * 0.5))}
            />
          </div>
        </Stack>
      </Modal>
    </>
  );
}
