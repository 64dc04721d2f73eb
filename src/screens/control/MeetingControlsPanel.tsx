/**
 * Container of the meeting-wide controls: reads the session's actors through their named
 * selectors (meeting status, titles and layouts; the waiting list and the main venue's name; commands in flight; recording,
 * cascade and waiting-room machines) and turns the view's requests into their events. No meeting
 * state lives here; only the last refusal to show, which is what the commands actor emitted.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { notifications } from '@mantine/notifications';
import { msg } from '@lingui/core/macro';
import { toastText } from '#/components/toastText';
import type { MrScene, MrStatus } from '@protocol/wire';
import { MeetingControlsView, type MeetingControlsModel } from './MeetingControlsView';
import { commandTarget, toMeetingRequests, type MeetingCommand } from '#/features/meetingControls/meetingCommands';
import { useVocabulary } from '#/session/useVocabulary';
import type { RecordingState } from '#/features/meetingControls/RecordingControl';
import type { CascadeModeChoice } from '#/features/meetingControls/CascadeModeControl';
import { useRefusalText } from '#/i18n/refusal';
import { useNotOfferedGroups } from '#/session/notOffered';
import { sessionSelectors as sel } from '#/session/sessionSelectors';
import { SubSitesSection } from '#/features/meetingControls/SubSitesSection';
import { sameSubSites } from '@machines/index';
import { onlineOf } from '#/session/onlineParticipants';
import { participantFeedOf } from '#/media/participantFeed';

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
  const configLoad = useSelector(meeting, sel.configLoad);
  const resourceTemplate = useSelector(meeting, sel.resourceTemplate);
  const rawPending = useSelector(commands, sel.pendingLabels, sel.sameLabels);
  const pendingLabels = useMemo(() => new Set([...rawPending].map(viewTarget)), [rawPending]);
  // Nothing here subscribes to the whole participant list: it changes every 800 ms batch.
  const waitingList = useSelector(participants, sel.waitingList, sel.sameEntries);
  const mainVenueName = useSelector(participants, sel.nameOf(status?.spk_usr_id ?? ''));
  const recState = useSelector(recording, sel.recordingState) as RecordingState | undefined;
  const recFailure = useSelector(recording, sel.recordingFailure);
  const cascadeMode = useSelector(cascade, sel.cascadeMode);
  const cascadePoints = useSelector(cascade, sel.cascadePoints);
  // the sub-sites as the participant list holds them (every wire mode reports dev_type): a
  // filter per 800 ms batch, re-rendering only when one of them changed
  const subSites = useSelector(participants, sel.subSites, sameSubSites);
  const [refusal, setRefusal] = useState<MeetingControlsModel['refusal']>(undefined);

  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.refused', (e: { label: string; result?: number; status: number; notOffered?: unknown }) => {
      // a switch this platform does not offer says so itself (src/session/notOffered.tsx)
      if (!e.notOffered) setRefusal({ target: viewTarget(e.label), error: { result: e.result, status: e.status } });
    });
    return () => sub.unsubscribe();
  }, [commands]);

  // Apply in the subtitle and layout dialogs says it worked (issue 12): the dialog stays open for
  // further edits, so without a word the operator cannot tell an applied change from a lost click
  useEffect(() => {
    if (!commands) return;
    const sub = commands.on('command.succeeded', (e: { label: string; suffix: string }) => {
      const said =
        e.suffix === 'title-config' ? msg`Subtitle settings applied` : e.suffix === 'mosic-config' ? msg`Layout applied` : undefined;
      // one Apply may be several requests (a set_title per role, as the platform's client sends
      // them): one toast says it, not one per request
      if (said)
        notifications.show({ id: `applied:${e.suffix}`, color: 'green', message: toastText((i18n) => i18n._(said)), autoClose: 4000 });
    });
    return () => sub.unsubscribe();
  }, [commands]);

  useEffect(() => {
    if (!cascade) return;
    // refused before anything was sent (cascade points exist): only the cascade actor knows
    const sub = cascade.on('cascade.refused', (e: { result?: number; status?: number; notOffered?: unknown }) => {
      if (!e.notOffered) setRefusal({ target: 'cascade', error: { result: e.result, status: e.status } });
    });
    return () => sub.unsubscribe();
  }, [cascade]);

  const notOffered = useNotOfferedGroups(session);
  const online = useMemo(() => onlineOf(participants), [participants]);
  const feed = useMemo(() => (participants ? participantFeedOf(participants) : null), [participants]);
  const waiting = useMemo(() => (waitingList ?? EMPTY).map((w) => ({ usrId: w.usr_id, name: w.usr_name || w.usr_id })), [waitingList]);
  const recFailureText = useRefusalText(
    recFailure && /^\d+$/.test(recFailure) ? Number(recFailure) : refusal?.target === 'recording' ? refusal.error : undefined,
  );

  const model: MeetingControlsModel = {
    scene: infoScene ?? scene,
    status: status ?? undefined,
    pending: pendingLabels,
    refusal,
    titles,
    layouts: layouts ?? EMPTY,
    mosaicConfigs,
    online,
    feed,
    mainVenueName,
    waiting,
    recording: { state: recState ?? (status?.rec_state as RecordingState | undefined) ?? 'idle', failure: recFailureText },
    cascade: {
      mode: toCascadeChoice(cascadeMode ?? status?.cascade_mode),
      points: subSites?.length ?? cascadePoints ?? status?.cascade_points ?? 0,
    },
    liveBuiltin,
    notOffered,
    configLoad,
    resourceTemplate: resourceTemplate ?? undefined,
  };

  const vocabulary = useVocabulary(session);
  const send = (cmd: MeetingCommand, origin?: string) => {
    const label = commandTarget(cmd);
    if (refusal?.target === label) setRefusal(undefined);
    // a title goes out once per role; the subtitle position only to a podium server (issue 23)
    for (const { suffix, body } of toMeetingRequests(cmd, vocabulary)) {
      commands?.send({
        type: 'command.send',
        suffix,
        body: body as unknown as Record<string, unknown>,
        label,
        origin,
        usrIds: cmd.type === 'eps' ? cmd.usrIds : undefined,
      });
    }
  };

  return (
    <MeetingControlsView
      model={model}
      onCommand={(cmd) => {
        const waitingEvent = cmd.type === 'eps' ? WAITING_EVENTS[cmd.action] : undefined;
        if (waitingRoom && waitingEvent && cmd.type === 'eps') {
          setRefusal(undefined);
          waitingRoom.send({ type: waitingEvent, usrIds: cmd.usrIds });
        } else send(cmd);
      }}
      onRecording={(start) => {
        setRefusal(undefined);
        if (recording) recording.send({ type: start ? 'recording.start' : 'recording.stop' });
        else send({ type: 'status', key: 'enable_rec', value: start ? 1 : 0 });
      }}
      onCascade={(mode) => {
        const wire = mode === 'nonCascade' ? '' : mode;
        setRefusal(undefined);
        if (cascade) cascade.send({ type: 'cascade.set', mode: wire });
        else send({ type: 'status', key: 'cascade_mode', value: wire });
      }}
      subSites={
        subSites && (subSites.length > 0 || model.cascade.mode !== 'nonCascade') ? (
          <SubSitesSection cascade={cascade} subSites={subSites} />
        ) : undefined
      }
      onRetryConfigs={() => meeting?.send({ type: 'meeting.retryConfigs' })}
      onWaitingRoom={(on) => {
        setRefusal(undefined);
        if (waitingRoom) waitingRoom.send({ type: on ? 'waitingRoom.enable' : 'waitingRoom.disable' });
        else send({ type: 'status', key: 'waiting_room', value: on ? 1 : 0 });
      }}
    />
  );
}

/** The waiting-room actor's events for the view's waiting-room commands. */
const WAITING_EVENTS: Partial<Record<string, string>> = {
  waiting_permit: 'waitingRoom.admit',
  waiting_refuse: 'waitingRoom.refuse',
  waiting_move: 'waitingRoom.move',
};

/** The feature machines label their commands their own way; the view names controls by commandTarget. */
const MACHINE_LABELS: Record<string, string> = {
  'cascade.switch': 'cascade',
  'waitingRoom.switch': 'status.waiting_room',
  'waitingRoom.admit': 'eps.waiting_permit',
  'waitingRoom.refuse': 'eps.waiting_refuse',
  'waitingRoom.move': 'eps.waiting_move',
  'recording.start': 'recording',
  'recording.stop': 'recording',
};

function viewTarget(label: string): string {
  return MACHINE_LABELS[label] ?? label;
}

function toCascadeChoice(mode: MrStatus['cascade_mode'] | undefined): CascadeModeChoice {
  return mode === 'parent' || mode === 'child' ? mode : 'nonCascade';
}
