/**
 * The control screen (/control): it composes the features of the console for one session. A
 * feature imports no other feature, so what uses several of them lives here: the sidebar
 * (meeting information, the meeting-wide controls and their dialogs), the participant area with
 * the dialogs other features provide to its rows, and the panels above it.
 */
import { memo, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { Group, Paper, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useSessionHolder, useSessionRecord } from '#/session/SessionContext';
import type { SessionRecord } from '#/session/sessionHolder';
import { SessionPage } from '#/features/session/SessionPage';
import { SidebarInfoPanel } from '#/features/sidebarInfo/SidebarInfoPanel';
import { NotificationListsPanel } from '#/features/notificationLists/NotificationListsPanel';
import { ActivityPanel } from '#/features/activity/ActivityPanel';
import { AttendancePanel } from '#/features/attendance/AttendancePanel';
import { RunOfShowPanel } from '#/features/runOfShow/RunOfShowPanel';
import { TranscriptPanel } from '#/features/transcript/TranscriptPanel';
import { BanTally } from '#/features/banTally/BanTally';
import { ParticipantsPanel } from '#/features/participants/ParticipantsPanel';
import classes from '#/features/session/controlLayout.module.css';
import { PausedWhileFeedLost } from '#/components/CommandsPause';
import { MeetingStateBar } from '#/features/meetingState/MeetingStateBar';
import { ToastWell } from '#/features/session/ToastWell';
import { ControlSidebar } from './ControlSidebar';
import { ParticipantDialogs } from './ParticipantDialogs';

/** Below this the table shows too few rows to work in: the participant area scrolls instead. */
const MIN_TABLE_HEIGHT = 320;

/**
 * The table's height so that it ends at the foot of its column. What lies above it (panels, the
 * ban tally, the tabs and toolbar, a temporary call's status) comes and goes and wraps with the
 * width and language, so no fixed allowance fits: the column and its content are measured, and
 * the table takes what the rest of the content leaves. The rest is the content's height less the
 * table's height it was laid out with, so the figure settles after one step.
 */
function useTableFill() {
  const area = useElementSize<HTMLDivElement>();
  const content = useElementSize<HTMLDivElement>();
  const [tableHeight, setTableHeight] = useState(MIN_TABLE_HEIGHT);
  const laidOut = useRef(MIN_TABLE_HEIGHT);
  useLayoutEffect(() => {
    laidOut.current = tableHeight;
  }, [tableHeight]);
  useEffect(() => {
    if (!area.height || !content.height) return;
    const rest = content.height - laidOut.current;
    setTableHeight(Math.max(MIN_TABLE_HEIGHT, Math.floor(area.height - rest)));
  }, [area.height, content.height]);
  return { area: area.ref, content: content.ref, tableHeight };
}

/**
 * Spec §2: the sidebar holds the meeting information and then the meeting-wide controls; the
 * participant area (notification lists, participant table) takes the rest of the width.
 */
export function ControlScreen() {
  const holder = useSessionHolder();
  const record = useSessionRecord();
  const actor = record ? holder.actor() : null;
  return (
    <SessionPage screen="control" fill header={record && actor && <MeetingStateBar session={actor} role={record.role} />}>
      {record && actor && (
        <div className={classes.row}>
          <SidebarColumn session={actor} record={record} />
          <ParticipantArea session={actor} record={record} />
        </div>
      )}
    </SessionPage>
  );
}

interface ColumnProps {
  session: AnyActorRef;
  record: SessionRecord;
}

/** The sidebar: meeting information, the meeting-wide controls and the toasts' well. */
const SidebarColumn = memo(function SidebarColumn({ session, record }: ColumnProps) {
  return (
    <div className={classes.sidebar} data-testid="control-sidebar-column">
      <div className={classes.sidebarScroll}>
        <PausedWhileFeedLost session={session}>
          <Paper withBorder p="sm" m="sm" mb={0}>
            <SidebarInfoPanel session={session} mrId={record.mrId} scene={record.mrScene} role={record.role} />
          </Paper>
          <ControlSidebar />
        </PausedWhileFeedLost>
      </div>
      <ToastWell />
    </div>
  );
});

/**
 * The participant area: the panels, the ban tally and the table, which takes the height the rest
 * leaves. Its measured sizes are its own state: a size that settles or changes (at the first
 * layout, a panel or the tally coming and going) draws this area again, not the whole screen with
 * its sidebar and header (issue 27: at the first draw these were three more renders of all of it).
 */
function ParticipantArea({ session, record }: ColumnProps) {
  const fill = useTableFill();
  return (
    <div className={classes.main} data-testid="participant-area" ref={fill.area}>
      <Stack gap="xs" px="xs" pt="sm" pb="xs" ref={fill.content}>
        <AreaPanels session={session} record={record} />
        <BanTally session={session} />
        <ParticipantsPanel
          session={session}
          mrId={record.mrId}
          role={record.role}
          tableHeight={fill.tableHeight}
          dialogs={ParticipantDialogs}
        />
      </Stack>
    </div>
  );
}

/** The panels above the table (notification lists, activity, attendance, run of show, transcript). */
const AreaPanels = memo(function AreaPanels({ session, record }: ColumnProps) {
  return (
    <Group gap="xs" justify="space-between" wrap="wrap">
      <NotificationListsPanel session={session} />
      <ActivityPanel session={session} mrId={record.mrId} />
      <AttendancePanel session={session} mrId={record.mrId} scene={record.mrScene} />
      <RunOfShowPanel session={session} />
      <TranscriptPanel session={session} />
    </Group>
  );
});
