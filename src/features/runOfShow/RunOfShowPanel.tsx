/**
 * Run of show (issue 28): the button beside Activity and the panel it opens — On Air with its
 * timer, Up Next with what Take will change (per role, with counts) and warnings, the Take / Next /
 * Back / Hold / Undo buttons with their keys, the segments, the editor, export and import.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import { Alert, Badge, Button, Group, Kbd, Modal, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { msg } from '@lingui/core/macro';
import { toastText } from '#/components/toastText';
import { shallowEqual } from '@xstate/react';
import { bannerLook, clockText, diffSegment } from '@protocol/runOfShow';
import type { RunOfShowMachine } from '@machines/runOfShow/runOfShowMachine';
import * as sel from '@machines/runOfShow/selectors';
import { meetingSelectors, participantsSelectors, type MeetingMachine, type ParticipantsMachine } from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { refusalText as refusalTextIn, useRefusalText } from '#/i18n/refusal';
import { onlineOf, useOnline } from '#/session/onlineParticipants';
import { consoleMeetingView, RUN_OF_SHOW_KEYS } from './runOfShowModel';
import { useRunOfShowWords } from './runOfShowWords';
import { SegmentList } from './SegmentList';
import { SubstitutePicker } from './SubstitutePicker';
import { RollCallNext } from './RollCallNext';
import { NotSentNote } from './NotSentNote';

type Snap = SnapshotFrom<RunOfShowMachine>;

export function RunOfShowPanel({ session }: { session: AnyActorRef }) {
  const { t } = useLingui();
  const actor = useSessionChild<ActorRefFrom<RunOfShowMachine>>(session, 'runOfShow');
  const [opened, setOpened] = useState(false);
  const current = useSelector(actor, (s) => (s ? sel.selectCurrent(s) : -1)) ?? -1;
  const doc = useSelector(actor, (s) => (s ? sel.selectDoc(s) : null));
  const onAirName = current >= 0 ? doc?.segments[current]?.name : undefined;
  useCountdownFailureNotice(actor);
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpened(true)} data-testid="run-of-show-open">
        {onAirName ? t`Run of show: ${onAirName}` : t`Run of show`}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t`Run of show`} size="90rem" data-testid="run-of-show-dialog">
        {actor && <RunOfShowBody actor={actor} session={session} />}
      </Modal>
    </>
  );
}

/**
 * In front of the platform this console writes the timer into the endpoints' banner, also while
 * the panel is closed: a failed write is told once (the actor emits it once until one succeeds).
 */
function useCountdownFailureNotice(actor: ActorRefFrom<RunOfShowMachine> | undefined) {
  useEffect(() => {
    if (!actor) return;
    const sub = actor.on('runOfShow.countdownFailed', ({ failure }) => {
      const { result } = failure;
      notifications.show({
        color: 'orange',
        autoClose: 10_000,
        title: toastText((i18n) => i18n._(msg`The timer on the endpoints' banner was not updated`)),
        message: toastText((i18n) => {
          const why = refusalTextIn({ result }, i18n.locale, i18n._(msg`The request failed, please try again`));
          return [why, i18n._(msg`It is sent again at its next change; Take is not affected.`)].filter(Boolean).join(' ');
        }),
      });
    });
    return () => sub.unsubscribe();
  }, [actor]);
}

function RunOfShowBody({ actor, session }: { actor: ActorRefFrom<RunOfShowMachine>; session: AnyActorRef }) {
  const { t } = useLingui();
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const participants = useSessionChild<ActorRefFrom<ParticipantsMachine>>(session, 'participants');
  const show = useSelector(actor, sel.selectShowPhase);
  const work = useSelector(actor, sel.selectWork);
  const doc = useSelector(actor, sel.selectDoc);
  const cue = useSelector(actor, sel.selectCue);
  const current = useSelector(actor, sel.selectCurrent);
  const canUndo = useSelector(actor, sel.selectCanUndo);
  const refusal = useSelector(actor, sel.selectRefusal);
  const theirs = useSelector(actor, sel.selectTheirs);
  const timings = useSelector(actor, sel.selectTimings);
  const timer = useSelector(actor, (s: Snap) => sel.selectTimer(s), shallowEqual);
  const rehearsal = useSelector(actor, sel.selectRehearsal);
  const platformRun = useSelector(actor, sel.selectPlatformRun, shallowEqual);
  const countdownFailure = useSelector(actor, sel.selectCountdownFailure);
  const countdownFailureText = useRefusalText(countdownFailure ? { result: countdownFailure.result } : undefined);
  const status = useSelector(meeting, (s) => (s ? meetingSelectors.selectMeetingStatus(s) : null));
  const mosaics = useSelector(meeting, (s) => (s ? meetingSelectors.selectMosaicConfigs(s) : [])) ?? [];
  const titles = useSelector(meeting, (s) => (s ? meetingSelectors.selectTitleConfigs(s) : [])) ?? [];
  const version = useSelector(participants, (s) => (s ? participantsSelectors.selectParticipantsVersion(s) : 0));
  const online = useMemo(() => onlineOf(participants), [participants]);
  const onlineList = useOnline(online, true);
  const roster = useMemo(
    () => (participants ? participantsSelectors.selectParticipantList(participants.getSnapshot()).map((p) => p.usr_id) : []),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the participant list is kept in place: its version says it changed
    [participants, version],
  );
  const view = useMemo(
    () =>
      consoleMeetingView(
        status,
        mosaics,
        titles,
        participants ? participantsSelectors.selectParticipantList(participants.getSnapshot()) : [],
      ),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the participant list is kept in place: its version says it changed
    [status, mosaics, titles, participants, version],
  );
  const words = useRunOfShowWords((id) => online.nameOf(id) ?? id);
  const refusalText = useRefusalText(refusal ? { result: refusal.result } : undefined);
  const next = doc.segments[cue];
  const diff = useMemo(() => (next ? diffSegment(view, next) : null), [view, next]);
  const onAir = doc.segments[current];
  const busy = work !== 'steady';
  const local = useSelector(actor, sel.selectLocal);

  // in front of the platform the console applies the segment (and undoes it) itself, from the meeting as it sees it
  const take = () => actor.send(local ? { type: 'runOfShow.take', view, look: bannerLook(titles) } : { type: 'runOfShow.take' });
  const undo = () => actor.send(local ? { type: 'runOfShow.undo', view } : { type: 'runOfShow.undo' });
  const hold = () => actor.send({ type: 'runOfShow.hold' });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement | null;
      if (el && (el.closest('input, textarea, select, [contenteditable="true"]') || el.getAttribute('role') === 'combobox')) return;
      const key = e.key.toLowerCase();
      // sent even while a command is out: the actor reports a command it does not send (NotSentNote)
      if (key === RUN_OF_SHOW_KEYS.take) take();
      else if (key === RUN_OF_SHOW_KEYS.next) actor.send({ type: 'runOfShow.next' });
      else if (key === RUN_OF_SHOW_KEYS.back) actor.send({ type: 'runOfShow.back' });
      else if (key === RUN_OF_SHOW_KEYS.hold) hold();
      else if (key === RUN_OF_SHOW_KEYS.undo) undo();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const timerColor = timer.phase === 'overrun' ? 'red' : timer.phase === 'warning' ? 'orange' : undefined;
  return (
    <Stack gap="sm" data-testid="run-of-show" data-show={show} data-work={work} data-current={current} data-cue={cue}>
      {local && (
        <Alert color="gray" data-testid="run-of-show-local">
          <Trans>
            This platform keeps no run of show: only this browser sees it, other consoles do not. Take and Undo send the platform&apos;s own
            commands, one after the other; Hold stops the timer in this browser only. A timer shown on the endpoints is written into their
            banner by this console, while this page is open.
          </Trans>
        </Alert>
      )}
      {countdownFailure && (
        <Alert color="orange" data-testid="run-of-show-countdown-failed" title={t`The timer on the endpoints' banner was not updated`}>
          {countdownFailureText} <Trans>It is sent again at its next change; Take is not affected.</Trans>
        </Alert>
      )}
      {platformRun && (
        <PlatformProgress
          run={platformRun}
          applying={work === 'applying'}
          segment={
            platformRun.kind === 'undo'
              ? t`Undo of ${doc.segments[platformRun.index]?.name ?? t`the last Take`}`
              : (doc.segments[platformRun.index]?.name ?? '')
          }
          words={words}
        />
      )}
      {!local && (
        <Group gap="xs">
          <Switch
            label={t`Rehearsal`}
            checked={rehearsal}
            disabled={busy}
            onChange={() => actor.send({ type: 'runOfShow.rehearsal' })}
            description={t`Each Take records how long the segment it ends ran.`}
            data-testid="run-of-show-rehearsal"
          />
          {rehearsal && (
            <Badge color="grape" variant="filled" data-testid="run-of-show-rehearsal-badge">
              {t`Rehearsal mode`}
            </Badge>
          )}
        </Group>
      )}
      {work === 'conflict' && (
        <Alert color="orange" role="alert" title={t`Someone else changed this run of show while you edited it.`}>
          <Group gap="xs">
            <Button size="compact-sm" variant="light" disabled={!theirs} onClick={() => actor.send({ type: 'runOfShow.keepMine' })}>
              <Trans>Keep my version</Trans>
            </Button>
            <Button size="compact-sm" variant="light" disabled={!theirs} onClick={() => actor.send({ type: 'runOfShow.keepTheirs' })}>
              <Trans>Take theirs</Trans>
            </Button>
          </Group>
        </Alert>
      )}
      {refusal && (
        <Alert
          color="red"
          role="alert"
          data-testid="run-of-show-refusal"
          title={local ? t`The platform refused a step.` : t`Refused as a whole: nothing was changed.`}
        >
          {refusalText}
          {refusal.detail ? ` (${refusal.detail.split(',').map(words.who).join(', ')})` : ''}
        </Alert>
      )}
      <Group align="flex-start" grow>
        <Stack gap={4} data-testid="run-of-show-on-air">
          <Text size="xs" c="dimmed" tt="uppercase">
            <Trans>On air</Trans>
          </Text>
          <Title order={4}>{onAir ? onAir.name : t`Nothing taken yet`}</Title>
          {onAir && (
            <Group gap="xs">
              <Text size="sm" c={timerColor} data-testid="run-of-show-timer" data-phase={timer.phase}>
                {onAir.timer
                  ? timer.phase === 'overrun'
                    ? t`+${clockText(-timer.left)} over`
                    : t`${clockText(timer.left)} left`
                  : t`Running ${clockText(timer.elapsed)}`}
              </Text>
              {show === 'held' && <Badge color="gray">{t`Held`}</Badge>}
            </Group>
          )}
          {onAir?.roll_call && <RollCallNext session={session} order={onAir.roll_call} view={view} who={words.who} />}
        </Stack>
        <Stack gap={4} data-testid="run-of-show-up-next">
          <Text size="xs" c="dimmed" tt="uppercase">
            <Trans>Up next</Trans>
          </Text>
          <Title order={4}>{next ? next.name : t`End of the run of show`}</Title>
          {diff && diff.changes.length === 0 && (
            <Text size="sm" c="dimmed">
              <Trans>Take changes nothing on screen.</Trans>
            </Text>
          )}
          {diff && diff.changes.length > 0 && (
            <Text size="sm" data-testid="run-of-show-diff">
              {diff.changes.map(words.change).join('; ')}
            </Text>
          )}
          {diff?.onAir && (
            <Text size="sm" c="orange">
              <Trans>Changes what is seen outside the meeting (main venue, recording or live push).</Trans>
            </Text>
          )}
          {diff && diff.missing.length > 0 && (
            <Text size="sm" c="red" role="status">
              {t`Not in the meeting: ${diff.missing.map(words.who).join(', ')}. Take will be refused until they join, the segment is changed or stand-ins are chosen.`}
            </Text>
          )}
          {diff && next && diff.missing.length > 0 && (
            <SubstitutePicker
              key={next.id}
              segment={next}
              missing={diff.missing}
              roster={roster}
              online={onlineList}
              who={words.who}
              disabled={busy}
              onTake={(substitutes) =>
                actor.send(
                  local ? { type: 'runOfShow.take', substitutes, view, look: bannerLook(titles) } : { type: 'runOfShow.take', substitutes },
                )
              }
            />
          )}
        </Stack>
      </Group>
      <Group gap="xs">
        <Button
          onClick={take}
          disabled={busy || !next}
          loading={work === 'taking'}
          rightSection={<Kbd aria-hidden>T</Kbd>}
          aria-keyshortcuts="t"
        >
          <Trans>Take</Trans>
        </Button>
        <Button
          variant="default"
          onClick={() => actor.send({ type: 'runOfShow.back' })}
          rightSection={<Kbd aria-hidden>B</Kbd>}
          aria-keyshortcuts="b"
        >
          <Trans>Back</Trans>
        </Button>
        <Button
          variant="default"
          onClick={() => actor.send({ type: 'runOfShow.next' })}
          rightSection={<Kbd aria-hidden>N</Kbd>}
          aria-keyshortcuts="n"
        >
          <Trans>Next</Trans>
        </Button>
        <Button
          variant="default"
          onClick={hold}
          disabled={busy || current < 0}
          rightSection={<Kbd aria-hidden>H</Kbd>}
          aria-keyshortcuts="h"
          aria-pressed={show === 'held'}
        >
          {show === 'held' ? t`Resume` : t`Hold`}
        </Button>
        <Button variant="default" onClick={undo} disabled={busy || !canUndo} rightSection={<Kbd aria-hidden>U</Kbd>} aria-keyshortcuts="u">
          <Trans>Undo take</Trans>
        </Button>
        <Text size="xs" c="dimmed">
          <Trans>Keys work while this panel is open and no field has the focus.</Trans>
        </Text>
      </Group>
      <NotSentNote actor={actor} />
      <SegmentList
        actor={actor}
        view={view}
        online={online}
        timings={timings}
        busy={busy}
        layouts={mosaicsLayoutIds(session)}
        bannerLook={bannerLook(titles)}
      />
    </Stack>
  );
}

/** In front of the platform: how far the Take's steps got, and the refused one with what was applied before it. */
function PlatformProgress({
  run,
  applying,
  segment,
  words,
}: {
  run: NonNullable<ReturnType<typeof sel.selectPlatformRun>>;
  applying: boolean;
  segment: string;
  words: ReturnType<typeof useRunOfShowWords>;
}) {
  const { t } = useLingui();
  const { done, total } = run;
  if (run.refusedAt >= 0) {
    const step = run.refusedAt + 1;
    const what = run.refusedWhat ? words.stepWhat(run.refusedWhat) : '';
    return (
      <Text size="sm" c="red" data-testid="run-of-show-progress" data-state="refused">
        {t`${segment}: step ${step} of ${total} (${what}) was refused; the ${done} steps before it stay applied, the rest were not sent.`}
      </Text>
    );
  }
  return (
    <Stack gap={4} data-testid="run-of-show-progress" data-state={applying ? 'applying' : 'done'}>
      <Text size="sm">{applying ? t`${segment}: step ${done} of ${total} applied…` : t`${segment}: all ${total} steps applied.`}</Text>
      <Progress
        value={total ? (done / total) * 100 : 100}
        size="sm"
        aria-label={run.kind === 'undo' ? t`Undo progress` : t`Take progress`}
      />
    </Stack>
  );
}

/** The layouts the meeting offers (from `sys_mosics`) with their pane counts, for the editor's choice. */
function mosaicsLayoutIds(session: AnyActorRef): { id: string; panes: number }[] {
  const meeting = session.system.get('meeting') as ActorRefFrom<MeetingMachine> | undefined;
  const layouts = meeting ? meetingSelectors.selectLayouts(meeting.getSnapshot()) : [];
  return (layouts ?? []).map((l) => ({ id: l.mosic_id, panes: l.mosic_cnts }));
}
