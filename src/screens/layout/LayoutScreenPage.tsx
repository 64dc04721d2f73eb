/**
 * Container of the /layout window, the supervisor's monitor wall: per role (main venue, honoured
 * guest, audience) the screen that role sees now, as live tiles in the real pane geometry
 * (src/components/roleScreen, shared with the screen-layout dialog's preview). One role at a time
 * in tabs, or the three side by side: the supervisor's choice, kept in the browser. It follows the
 * layouts and participants the session's actors hold, so a layout change shows at once. The
 * supervisor's global media options act on it: hide video, names (`showName`), the talking mark
 * (`showTalk`) and the meeting sound (`playAudio`); a preview sent here shows above the wall.
 */
import { useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { Stack, Tabs, Text, Title } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { useLingui } from '@lingui/react/macro';
import type { MeetingRole, MosicConfigEntry, MosicGroupEntry } from '@protocol/wire';
import { LayoutScreen } from '#/features/layoutScreen/LayoutScreen';
import { useLayoutScreenLink } from '#/session/windowLinks';
import { loadWallPrefs, saveWallPrefs, wallGrid, type WallPrefs } from '#/features/layoutScreen/wallPrefs';
import { useSupervisorOptions } from '#/features/supervisor/useSupervisorOptions';
import { layoutMediaPlan } from '#/features/supervisor/mediaPlan';
import { SupervisorPreview } from '#/features/supervisor/SupervisorPreview';
import { sessionSelectors as sel } from '#/session/sessionSelectors';
import { presenterOf } from '#/media/mediaModel';
import { participantFeedOf } from '#/media/participantFeed';
import type { ParticipantFeed } from '#/media/simulatedMedia';
import type { MeetingMediaSource } from '#/media/mediaSource';
import { useMeetingMedia } from '#/media/useMedia';
import { useMeetingSound } from '#/media/useMeetingSound';
import { MeetingSoundPlayer } from '#/media/MeetingSoundPlayer';
import { mediaStatsFetcher } from '#/media/useSignalLevel';
import { RoleScreen } from '#/components/roleScreen/RoleScreen';
import { resolvedAutoLayout, SCREEN_ROLES, screenGroup, screenPanes } from '#/components/roleScreen/roleScreenModel';
import { useRoleLabels } from '#/components/roleScreen/useRoleLabels';

const EMPTY: readonly never[] = [];
/** The layout window's meeting sound plays at full volume on the default output. */
const LAYOUT_OUTPUT = { sinkId: '', volume: 100 } as const;
const AUTOMATIC: MosicConfigEntry = { role: 'guest', mosic_id: 'auto', layout_mode: 2, roles_lst: [], poll_secs: 10, view_has_self: 0 };

export function LayoutScreenPage({ session }: { session: AnyActorRef | null }) {
  const { t } = useLingui();
  const presentation = useLayoutScreenLink();
  const [options] = useSupervisorOptions();
  const [prefs, setPrefs] = useState<WallPrefs>(() => loadWallPrefs());
  const choose = (patch: Partial<WallPrefs>) => {
    const next = { ...prefs, ...patch };
    setPrefs(next);
    saveWallPrefs(next);
  };
  const meeting = session ? sel.child(session, 'meeting') : undefined;
  const participants = session ? sel.child(session, 'participants') : undefined;
  const configs = useSelector(meeting, sel.mosaicConfigs);
  const layouts = useSelector(meeting, sel.layouts) ?? EMPTY;
  const list = useSelector(participants, sel.participantList);
  const version = useSelector(participants, sel.participantsVersion);
  const presenting = useMemo(() => presenterOf(list ?? EMPTY) !== null, [list, version]); // eslint-disable-line react-hooks/exhaustive-deps -- the list is updated in place: `version` says when a record changed
  const launched = presentation?.launched === true;
  const plan = layoutMediaPlan(options, presentation?.preview !== undefined, presenting);
  const media = useMeetingMedia(participants);
  const feed = useMemo(() => (participants ? participantFeedOf(participants) : null), [participants]);
  const fetchStats = useMemo(() => mediaStatsFetcher(session), [session]);
  const sound = useMeetingSound(media, plan.audio && launched, LAYOUT_OUTPUT);
  const roleLabel = useRoleLabels();
  const { width, height } = useViewportSize();
  // side by side, the supervisor's preview takes a cell of the wall (the fourth of a 2 × 2)
  const previewCell = plan.preview.show && prefs.view === 'side';
  const grid = wallGrid(width, height - 60, previewCell ? 4 : 3);
  const previewBox = plan.preview.show && (
    <Stack
      gap={4}
      maw={previewCell ? undefined : 360}
      mb={previewCell ? 0 : 6}
      data-testid="layout-preview"
      style={{ minHeight: 0, overflow: 'hidden' }}
    >
      <Text size="sm" fw={500}>{t`Preview`}</Text>
      <SupervisorPreview
        media={media}
        participants={participants}
        fetchStats={fetchStats}
        plan={plan.preview}
        chosen={presentation?.preview ?? ''}
      />
    </Stack>
  );

  const screen = (role: MeetingRole) =>
    feed && (
      <LiveRoleScreen role={role} label={roleLabel[role]} configs={configs} layouts={layouts} feed={feed} media={media} plan={plan} />
    );

  return (
    <>
      <LayoutScreen presentation={presentation} showContent={options.showContent} view={prefs.view} onView={(view) => choose({ view })}>
        {!previewCell && previewBox}
        {prefs.view === 'tabs' ? (
          <Tabs
            value={prefs.role}
            onChange={(v) => v && choose({ role: v as MeetingRole })}
            keepMounted={false}
            style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
            data-testid="layout-wall"
            data-view="tabs"
          >
            <Tabs.List>
              {SCREEN_ROLES.map((r) => (
                <Tabs.Tab key={r} value={r} data-layout-role={r}>
                  {roleLabel[r]}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {SCREEN_ROLES.map((r) => (
              <Tabs.Panel key={r} value={r} pt={6} style={{ flex: 1, minHeight: 0 }}>
                {screen(r)}
              </Tabs.Panel>
            ))}
          </Tabs>
        ) : (
          <div
            data-testid="layout-wall"
            data-view="side"
            style={{
              flex: 1,
              minHeight: 0,
              display: 'grid',
              gridTemplateColumns: `repeat(${grid.cols}, minmax(0, 1fr))`,
              gridTemplateRows: `repeat(${grid.rows}, minmax(0, 1fr))`,
              gap: 8,
            }}
          >
            {SCREEN_ROLES.map((r) => (
              <section
                key={r}
                aria-labelledby={`wall-${r}`}
                style={{ minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', gap: 4 }}
              >
                <Title order={2} size="h6" id={`wall-${r}`} data-layout-role={r}>
                  {roleLabel[r]}
                </Title>
                <div style={{ flex: 1, minHeight: 0 }}>{screen(r)}</div>
              </section>
            ))}
            {previewCell && previewBox}
          </div>
        )}
      </LayoutScreen>
      <MeetingSoundPlayer control={sound} testId="layout-sound" />
    </>
  );
}

/** One role's screen, live: re-drawn whenever the participants or the layouts change. */
function LiveRoleScreen({
  role,
  label,
  configs,
  layouts,
  feed,
  media,
  plan,
}: {
  role: MeetingRole;
  label: string;
  configs: readonly MosicConfigEntry[] | undefined;
  layouts: readonly MosicGroupEntry[];
  /** read on every render: the page re-renders on each participants version */
  feed: ParticipantFeed;
  media: MeetingMediaSource | null;
  plan: { video: boolean; names: boolean; talk: boolean };
}) {
  const config = configs?.find((c) => c.role === role) ?? { ...AUTOMATIC, role };
  const group = screenGroup(config, layouts, resolvedAutoLayout(configs));
  const panes = screenPanes({ config, group, lookup: feed, nowSecs: Math.floor(Date.now() / 1000) });
  return (
    <RoleScreen
      panes={panes}
      mosicId={group.mosic_id}
      role={role}
      label={label}
      media={media}
      video={plan.video}
      names={plan.names}
      talk={plan.talk}
      testId="layout-video-grid"
    />
  );
}
