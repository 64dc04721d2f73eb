/**
 * Container of the meeting-wide controls: reads the session's actors through their named
 * selectors (meeting status, titles and layouts; participants; commands in flight; recording,
 * cascade and waiting-room machines) and turns the view's requests into their events. No meeting
 * state lives here; only the last refusal to show, which is what the commands actor emitted.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import type { MrScene, MrStatus } from '@protocol/wire';
import { MeetingControlsView, type MeetingControlsModel } from './MeetingControlsView';
import { commandTarget, toMeetingRequest, type MeetingCommand } from './meetingCommands';
import type { RecordingState } from './RecordingControl';
import type { CascadeModeChoice } from './CascadeModeControl';
import { useRefusalText } from './refusal';
import { sessionSelectors as sel } from './sessionSelectors';

export interface MeetingControlsPanelProps {
  /** the root session actor */
  session: AnyActorRef;
  /** meeting or class wording, as the login reported it (the meeting info wins once loaded) */
  scene: MrScene;
  /** the tenant uses built-in live (platform flag `live_builtin`); default true */
  liveBuiltin?: boolean;
}

const EMPTY: readonly never[] = [];

export function MeetingControlsPanel({ session, scene, liveBuiltin = true }: MeetingControlsPanelProps) {
  const meeting = sel.child(session, 'meeting');
  const commands = sel.child(session, 'commands');
  const participants = sel.child(session, 'participants');
  const recording = sel.child(session, 'recording');
  const cascade = sel.child(session, 'cascade');
  const waitingRoom = sel.child(session, 'waitingRoom');

  const status = useSelector(meeting, sel.status) as MrStatus | null | undefined;
  const infoScene = useSelector(meeting, sel.scene);
  const titles = useSelector(meeting, sel.titles);
  const layouts = useSelector(meeting, sel.layouts);
  const mosaicConfigs = useSelector(meeting, sel.mosaicConfigs);
  const pendingLabels = useSelector(commands, sel.pendingLabels, sel.sameLabels);
  const version = useSelector(participants, sel.participantsVersion);
  const participantList = useSelector(participants, sel.participantList);
  const waitingList = useSelector(participants, sel.waitingList);
  const recState = useSelector(recording, sel.recordingState) as RecordingState | undefined;
  const recFailure = useSelector(recording, sel.recordingFailure);
  const cascadeMode = useSelector(cascade, sel.cascadeMode) as CascadeModeChoice | undefined;
  const [refusal, setRefusal] = useState<MeetingControlsModel['refusal']>(undefined);

  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.refused', (e: { label: string; result?: number; status: number }) =>
      setRefusal({ target: e.label, error: { result: e.result, status: e.status } }),
    );
    return () => sub.unsubscribe();
  }, [commands]);

  const online = useMemo(
    () => (participantList ?? EMPTY).filter((p) => p.online === 1).map((p) => ({ usrId: p.usr_id, name: p.usr_name || p.usr_id })),
    // the list is the same array within a version
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [participantList, version],
  );
  const waiting = useMemo(() => (waitingList ?? EMPTY).map((w) => ({ usrId: w.usr_id, name: w.usr_name || w.usr_id })), [waitingList]);
  const recFailureText = useRefusalText(recFailure && /^\d+$/.test(recFailure) ? Number(recFailure) : undefined);

  const model: MeetingControlsModel = {
    scene: infoScene ?? scene,
    status: status ?? undefined,
    pending: pendingLabels,
    refusal,
    titles,
    layouts: layouts ?? EMPTY,
    mosaicConfigs,
    online,
    waiting,
    recording: { state: recState ?? (status?.rec_state as RecordingState | undefined) ?? 'idle', failure: recFailureText },
    cascade: { mode: cascadeMode ?? toCascadeChoice(status?.cascade_mode), points: status?.cascade_points ?? 0 },
    liveBuiltin,
  };

  const send = (cmd: MeetingCommand, origin?: string) => {
    const label = commandTarget(cmd);
    if (refusal?.target === label) setRefusal(undefined);
    const { suffix, body } = toMeetingRequest(cmd);
    commands?.send({ type: 'command.send', suffix, body: body as unknown as Record<string, unknown>, label, origin, usrIds: cmd.type === 'eps' ? cmd.usrIds : undefined });
  };

  return (
    <MeetingControlsView
      model={model}
      onCommand={(cmd) => send(cmd)}
      onRecording={(start) => {
        if (recording) recording.send({ type: start ? 'recording.start' : 'recording.stop' });
        else send({ type: 'status', key: 'enable_rec', value: start ? 1 : 0 });
      }}
      onCascade={(mode) => {
        const wire = mode === 'nonCascade' ? '' : mode;
        if (cascade) cascade.send({ type: 'cascade.set', mode: wire });
        else send({ type: 'status', key: 'cascade_mode', value: wire });
      }}
      onWaitingRoom={(on) => {
        if (waitingRoom) waitingRoom.send({ type: on ? 'waitingRoom.enable' : 'waitingRoom.disable' });
        else send({ type: 'status', key: 'waiting_room', value: on ? 1 : 0 });
      }}
    />
  );
}

function toCascadeChoice(mode: MrStatus['cascade_mode'] | undefined): CascadeModeChoice {
  return mode === 'parent' || mode === 'child' ? mode : 'nonCascade';
}
