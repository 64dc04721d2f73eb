/**
 * The supervisor's preview: the video of the chosen participant (by default the main venue),
 * and while someone presents their content — side by side, or with the speaker inset and the
 * browser's picture-in-picture when the dual-stream option is on. It follows a
 * {@link PreviewPlan}; which participant and which streams come from the media model.
 */
import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MeetingMediaSource } from '#/media/mediaSource';
import { participantFeedOf } from '#/media/participantFeed';
import { presenterOf, previewTarget, videoOn } from '#/media/mediaModel';
import { useVideoStream } from '#/media/useMedia';
import { useSignalLevel, type FetchMediaStats } from '#/media/useSignalLevel';
import { VideoTile, type TileMode } from '#/media/VideoTile';
import { enterPictureInPicture, type PipOutcome } from '#/media/pip';
import { sessionSelectors as sel } from '#/session/sessionSelectors';
import type { PreviewPlan } from './mediaPlan';
import { ParticipantSelect } from '#/components/participantPicker/ParticipantSelect';
import { staticOnline, type OnlineParticipants } from '#/session/onlineParticipants';

export interface SupervisorPreviewProps {
  media: MeetingMediaSource | null;
  /** the participants actor */
  participants: AnyActorRef | undefined;
  fetchStats: FetchMediaStats;
  plan: PreviewPlan;
  /** usr_id chosen for the preview, '' for the main venue */
  chosen: string;
  /** lets the user choose; without it no chooser shows (the layout window follows its opener) */
  onChoose?: (usrId: string) => void;
  /** participants one can choose */
  candidates?: OnlineParticipants;
}

const NOBODY = staticOnline([]);

export function SupervisorPreview({
  media,
  participants,
  fetchStats,
  plan,
  chosen,
  onChoose,
  candidates = NOBODY,
}: SupervisorPreviewProps) {
  useSelector(participants, sel.participantsVersion);
  const feed = useMemo(() => (participants ? participantFeedOf(participants) : null), [participants]);
  const target = feed ? previewTarget(chosen, feed) : null;
  const presenter = feed && plan.dual !== 'single' ? presenterOf(feed.list()) : null;
  const person = target && feed ? feed.get(target) : undefined;
  const targetVideoOn = videoOn(person);
  const speakerStream = useVideoStream(media, 'participant', target, plan.video);
  const contentStream = useVideoStream(media, 'content', presenter, plan.video && presenter !== null);
  const signal = useSignalLevel(fetchStats, person?.ep_id ?? 0, targetVideoOn, plan.overlays);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [pip, setPip] = useState<PipOutcome | null>(null);

  const mode: TileMode = !plan.video ? 'hidden' : targetVideoOn ? 'live' : 'off';
  const name = person ? person.usr_name || person.usr_id : '';
  const presenterName = presenter ? feed?.get(presenter)?.usr_name || presenter : '';

  const speakerTile = (inset: boolean) =>
    target && (
      <VideoTile
        testId={inset ? 'preview-inset' : 'preview-tile'}
        stream={speakerStream}
        usrId={target}
        name={name}
        mode={mode}
        showName={plan.overlays}
        signal={plan.overlays ? signal : undefined}
        videoRef={videoRef}
        style={inset ? { position: 'absolute', right: 6, bottom: 6, width: '36%', border: '2px solid #f5f7fa', zIndex: 1 } : undefined}
      />
    );
  const contentTile = (inset: ReactNode) =>
    presenter && (
      <VideoTile
        testId="preview-content"
        kind="content"
        stream={contentStream}
        usrId={presenter}
        name={presenterName}
        mode={plan.video ? 'live' : 'hidden'}
        showName={plan.overlays}
      >
        {inset}
      </VideoTile>
    );

  return (
    <Stack
      gap={6}
      data-testid="supervisor-preview"
      data-target={target ?? ''}
      data-dual={presenter ? plan.dual : 'single'}
      data-pip={pip ?? ''}
    >
      {onChoose && <PreviewChooser chosen={chosen} onChoose={onChoose} candidates={candidates} />}
      {!target ? (
        <Text size="sm" c="dimmed">
          <Trans>Nobody in the meeting to preview</Trans>
        </Text>
      ) : presenter && plan.dual === 'inset' ? (
        contentTile(speakerTile(true))
      ) : presenter && plan.dual === 'side-by-side' ? (
        <Stack gap={4}>
          {contentTile(null)}
          {speakerTile(false)}
        </Stack>
      ) : (
        speakerTile(false)
      )}
      {target && plan.pipButton && (
        <Group gap="xs">
          <Button
            size="compact-xs"
            variant="light"
            disabled={mode !== 'live'}
            onClick={() => {
              setPip(null);
              void enterPictureInPicture(videoRef.current).then(setPip);
            }}
          >
            <Trans>Picture-in-picture</Trans>
          </Button>
        </Group>
      )}
      {pip === 'unsupported' && (
        <Alert color="yellow" p={6} role="alert" data-testid="pip-error">
          <Trans>This browser does not offer picture-in-picture.</Trans>
        </Alert>
      )}
      {pip === 'refused' && (
        <Alert color="yellow" p={6} role="alert" data-testid="pip-error">
          <Trans>The browser refused picture-in-picture.</Trans>
        </Alert>
      )}
    </Stack>
  );
}

/** Whom to preview: the main venue (automatic) or one participant in the meeting. */
export function PreviewChooser({
  chosen,
  onChoose,
  candidates,
}: {
  chosen: string;
  onChoose: (usrId: string) => void;
  candidates: OnlineParticipants;
}) {
  const { t } = useLingui();
  const automatic = t`Main venue (automatic)`;
  const fixed = useMemo(() => [{ value: '', label: automatic }], [automatic]);
  return (
    <ParticipantSelect
      size="xs"
      label={t`Preview participant`}
      allowDeselect={false}
      candidates={candidates}
      value={chosen}
      fixed={fixed}
      onChange={onChoose}
    />
  );
}
