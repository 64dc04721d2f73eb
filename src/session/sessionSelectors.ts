/**
 * The one place that knows how screens and features reach the session's actors: children by
 * system id, read with the machines' named selectors. Several features read them, so it lives
 * with the session, not in one of them. Every selector accepts the snapshot of an
 * actor that may not exist yet (useSelector then passes nothing and gets undefined).
 */
import type { AnyActorRef, SnapshotFrom } from 'xstate';
import {
  cascadeSelectors as cascade,
  commandsSelectors as commands,
  meetingSelectors as meeting,
  participantsSelectors as participants,
  recordingSelectors as recording,
  type CascadeMachine,
  type CommandsMachine,
  type MeetingMachine,
  type ParticipantsMachine,
  type RecordingMachine,
  subSitesOf,
} from '@machines/index';

const EMPTY_LABELS: ReadonlySet<string> = new Set();

/** useSelector calls a selector with `undefined` while the actor does not exist. */
const safe =
  <S, R>(f: (s: S) => R) =>
  (s: S | undefined): R | undefined =>
    s === undefined ? undefined : f(s);

export const sessionSelectors = {
  /** a child actor of the session by system id, undefined until spawned */
  child: (session: AnyActorRef, systemId: string): AnyActorRef | undefined => session.system.get(systemId) as AnyActorRef | undefined,

  status: safe((s: SnapshotFrom<MeetingMachine>) => meeting.selectMeetingStatus(s)),
  scene: safe((s: SnapshotFrom<MeetingMachine>) => meeting.selectMrScene(s)),
  titles: safe((s: SnapshotFrom<MeetingMachine>) => meeting.selectTitleConfigs(s)),
  layouts: safe((s: SnapshotFrom<MeetingMachine>) => meeting.selectLayouts(s)),
  mosaicConfigs: safe((s: SnapshotFrom<MeetingMachine>) => meeting.selectMosaicConfigs(s)),
  /** whether the titles, layouts and supported layouts were read (issue 30) */
  configLoad: safe((s: SnapshotFrom<MeetingMachine>) => meeting.selectConfigLoad(s)),
  resourceTemplate: safe((s: SnapshotFrom<MeetingMachine>) => meeting.selectResourceTemplate(s)),

  participantsVersion: safe((s: SnapshotFrom<ParticipantsMachine>) => participants.selectParticipantsVersion(s)),
  participantList: safe((s: SnapshotFrom<ParticipantsMachine>) => participants.selectParticipantList(s)),
  /** the sub-sites (cascade points) of the list once it has loaded; compare with sameSubSites */
  subSites: safe((s: SnapshotFrom<ParticipantsMachine>) =>
    participants.selectParticipantsLoaded(s) ? subSitesOf(participants.selectSubSiteRecords(s)) : undefined,
  ),
  waitingList: safe((s: SnapshotFrom<ParticipantsMachine>) => participants.selectWaitingList(s)),
  /** the waiting list is rebuilt per version; its entries are the same objects until they change */
  sameEntries: <T>(a: readonly T[] | undefined, b: readonly T[] | undefined): boolean =>
    a === b || (!!a && !!b && a.length === b.length && a.every((x, i) => x === b[i])),
  /** display name of one participant (usr_id when nameless), a string so only its change re-renders */
  nameOf: (usrId: string) =>
    safe((s: SnapshotFrom<ParticipantsMachine>): string | undefined => {
      if (!usrId) return undefined;
      const p = participants.selectParticipant(usrId)(s);
      return p ? p.usr_name || p.usr_id : undefined;
    }),

  /** labels of the commands in flight (see commandTarget) */
  pendingLabels: (s: SnapshotFrom<CommandsMachine> | undefined): ReadonlySet<string> => {
    if (!s) return EMPTY_LABELS;
    const pending = commands.selectPendingCommands(s);
    if (pending.size === 0) return EMPTY_LABELS;
    return new Set([...pending.values()].map((c) => c.label));
  },
  sameLabels: (a: ReadonlySet<string> | undefined, b: ReadonlySet<string> | undefined): boolean =>
    a === b || (!!a && !!b && a.size === b.size && [...a].every((x) => b.has(x))),

  /** the recording machine's state: idle, starting, recording, stopping or failed */
  recordingState: safe((s: SnapshotFrom<RecordingMachine>) => recording.selectRecordingState(s)),
  recordingFailure: safe((s: SnapshotFrom<RecordingMachine>) => recording.selectRecordingFailureReason(s) || undefined),
  /** the cascade mode as the wire spells it: '' non-cascade, 'parent', 'child' */
  cascadeMode: safe((s: SnapshotFrom<CascadeMachine>) => cascade.selectCascadeMode(s)),
  cascadePoints: safe((s: SnapshotFrom<CascadeMachine>) => cascade.selectCascadePoints(s)),
};
