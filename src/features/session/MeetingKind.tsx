/**
 * Beside the meeting number: "In meeting" or "In class" (the scene, spec §1) and whether the
 * meeting was booked or started at once (spec §4; issue 30). Grey: it is how the meeting is,
 * nothing to act on.
 */
import { Text } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { MrScene } from '@protocol/wire';
import { meetingSelectors, type MeetingMachine } from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { sceneText } from '#/i18n/scene';
import { meetingKindOf } from './meetingKind';

const KIND = { immediate: msg`Immediate`, scheduled: msg`Scheduled` };
const KIND_HINT = { immediate: msg`Started without a booking`, scheduled: msg`Booked in advance` };

export function MeetingKind({
  session,
  scene,
}: {
  /** the root session actor */
  session: AnyActorRef;
  /** the scene of the login, until the meeting info says it */
  scene: MrScene;
}) {
  const { i18n } = useLingui();
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const info = useSelector(meeting, (s) => (s ? meetingSelectors.selectMeetingInfo(s) : undefined));
  const kind = meetingKindOf(info);
  const shownScene = info?.mr_scene ?? scene;
  const words = [i18n._(sceneText('inProgress', shownScene)), kind ? i18n._(KIND[kind]) : undefined].filter(Boolean).join(' · ');
  return (
    <Text
      size="sm"
      c="dimmed"
      component="span"
      data-testid="meeting-kind"
      data-kind={kind}
      data-scene={shownScene}
      title={kind ? i18n._(KIND_HINT[kind]) : undefined}
      style={{ flexShrink: 0 }}
    >
      {words}
    </Text>
  );
}
