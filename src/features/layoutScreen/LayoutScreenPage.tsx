/**
 * Container of the /layout screen: presentation data from the opener (or framing parent), the
 * supervisor's global media options, and the layouts the meeting actor holds. The three roles'
 * layouts are drawn as diagrams to pick from; the picked role's layout plays as live video from
 * the media port (src/media), with names (`showName`), the talking participant marked
 * (`showTalk`) and the meeting sound (`playAudio`). When the supervisor's "new window" option
 * sends the preview here, it shows above the layout.
 */
import { useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { LayoutScreen } from './LayoutScreen';
import { useLayoutScreenLink } from './windowLinks';
import { LayoutVideoGrid } from './LayoutVideoGrid';
import { useSupervisorOptions } from '../supervisor/useSupervisorOptions';
import { layoutMediaPlan } from '../supervisor/mediaPlan';
import { SupervisorPreview } from '../supervisor/SupervisorPreview';
import { sessionSelectors as sel } from '../meetingControls/sessionSelectors';
import { onlineOf } from '../meetingControls/onlineParticipants';
import { MosaicDiagram } from '../mosaic/MosaicDiagram';
import { AUTO_MOSAIC, configFor, PANE, type MosaicRole } from '../mosaic/mosaicModel';
import { presenterOf, talkingSet } from '#/media/mediaModel';
import { participantFeedOf } from '#/media/participantFeed';
import { useMeetingMedia } from '#/media/useMedia';
import { useMeetingSound } from '#/media/useMeetingSound';
import { MeetingSoundPlayer } from '#/media/MeetingSoundPlayer';
import { mediaStatsFetcher } from '#/media/useSignalLevel';

const ROLES: readonly MosaicRole[] = ['speaker', 'chair', 'guest'];
const EMPTY: readonly never[] = [];
/** The layout window's meeting sound plays at full volume on the default output. */
const LAYOUT_OUTPUT = { sinkId: '', volume: 100 } as const;

export function LayoutScreenPage({ session }: { session: AnyActorRef | null }) {
  const { t } = useLingui();
  const presentation = useLayoutScreenLink();
  const [options] = useSupervisorOptions();
  const [role, setRole] = useState<MosaicRole>('guest');
  const meeting = session ? sel.child(session, 'meeting') : undefined;
  const participants = session ? sel.child(session, 'participants') : undefined;
  const configs = useSelector(meeting, sel.mosaicConfigs);
  const layouts = useSelector(meeting, sel.layouts) ?? EMPTY;
  const list = useSelector(participants, sel.participantList);
  const version = useSelector(participants, sel.participantsVersion);
  // names are looked up per pane, not copied into a map of every participant on each batch
  const people = useMemo(() => onlineOf(participants), [participants]);
  const talking = useMemo(() => talkingSet(list ?? EMPTY), [list, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const presenting = useMemo(() => presenterOf(list ?? EMPTY) !== null, [list, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const launched = presentation?.launched === true;
  const plan = layoutMediaPlan(options, presentation?.preview !== undefined, presenting);
  const media = useMeetingMedia(participants);
  const feed = useMemo(() => (participants ? participantFeedOf(participants) : null), [participants]);
  const fetchStats = useMemo(() => mediaStatsFetcher(session), [session]);
  const sound = useMeetingSound(media, plan.audio && launched, LAYOUT_OUTPUT);

  const roleLabel: Record<string, string> = { speaker: t`Main venue`, chair: t`Honoured guest`, guest: t`Audience` };
  const paneLabel = (token: string | undefined) => {
    if (token === PANE.auto) return t`Automatic`;
    if (token === PANE.mainVenue) return t`Current main venue`;
    if (token === PANE.empty || token === PANE.unset || !token) return '';
    const name = options.showName ? (people.nameOf(token) ?? token) : '';
    // showTalk: mark who is talking (usr_stats position 4, vad)
    return options.showTalk && talking.has(token) ? t`${name} (talking)` : name;
  };
  const groupOf = (c: ReturnType<typeof configFor>, resolved: boolean) => {
    const id = c.mosic_id === AUTO_MOSAIC && resolved ? (c.cur_mosic_id ?? '1') : c.mosic_id;
    if (id === AUTO_MOSAIC) return { mosic_id: AUTO_MOSAIC, mosic_cnts: 1, layout_coord: [] };
    return layouts.find((l) => l.mosic_id === id) ?? { mosic_id: id, mosic_cnts: Math.max(1, c.roles_lst.length), layout_coord: [] };
  };
  const picked = configFor(role, configs);

  return (
    <>
      <LayoutScreen presentation={presentation} showContent={options.showContent}>
        <Stack gap="sm">
          {plan.preview.show && (
            <Stack gap={4} maw={480} data-testid="layout-preview">
              <Text size="sm" fw={500}>{t`Preview`}</Text>
              <SupervisorPreview media={media} participants={participants} fetchStats={fetchStats} plan={plan.preview} chosen={presentation?.preview ?? ''} />
            </Stack>
          )}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            {ROLES.map((r) => {
              const c = configFor(r, configs);
              return (
                <UnstyledButton key={r} onClick={() => setRole(r)} aria-pressed={r === role} data-layout-role={r} data-mosic-id={c.mosic_id}>
                  <Stack gap={4}>
                    <Text size="sm" fw={r === role ? 700 : 400}>
                      {roleLabel[r]}
                    </Text>
                    <MosaicDiagram
                      group={groupOf(c, false)}
                      width={240}
                      highlight={c.focus_pane ?? -1}
                      labels={c.mosic_id === AUTO_MOSAIC ? [t`Automatic`] : c.roles_lst.map((p) => paneLabel(p[0]))}
                    />
                  </Stack>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
          {feed && (
            <LayoutVideoGrid
              media={media}
              feed={feed}
              version={version ?? 0}
              config={picked}
              group={groupOf(picked, true)}
              video={plan.video}
              names={plan.names}
              talking={plan.talk ? talking : null}
              label={roleLabel[role]}
            />
          )}
        </Stack>
      </LayoutScreen>
      <MeetingSoundPlayer control={sound} testId="layout-sound" />
    </>
  );
}
