/**
 * The meeting-wide half of the control screen (spec §2 sidebar): switches, main venue, cascade,
 * recording, polling, push/live, chat and modes, waiting room, subtitles, layout, end meeting.
 * Fed entirely by props; {@link MeetingControlsPanel} feeds it from the session actor.
 */
import { useState, type ReactNode } from 'react';
import { Accordion, Button, Divider, Modal, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ChatPermission, MeetingMode, MosicConfigEntry, MosicGroupEntry, MrScene, MrStatus, TitleConfig } from '@protocol/wire';
import { MeetingSwitches, MEETING_SWITCHES, type MeetingSwitchId } from '#/features/meetingControls/MeetingSwitches';
import { RecordingControl, type RecordingState } from '#/features/meetingControls/RecordingControl';
import { CascadeModeControl, type CascadeModeChoice } from '#/features/meetingControls/CascadeModeControl';
import { EndMeetingButton } from '#/features/meetingControls/EndMeetingButton';
import { PollingControl, type PollRole } from '#/features/meetingControls/PollingControl';
import { MainVenueControl } from '#/features/meetingControls/MainVenueControl';
import { ChatAndModeControls } from '#/features/meetingControls/ChatAndModeControls';
import { switchCommand, switchValues, type MeetingCommand } from '#/features/meetingControls/meetingCommands';
import { refusalText } from '#/i18n/refusal';
import { PushStreamSettings } from '#/features/live/PushStreamSettings';
import { LiveAddressSettings } from '#/features/live/LiveAddressSettings';
import { checkLiveAddresses, checkPushAddress } from '#/features/live/rules';
import { useLiveStartGuard } from '#/features/live/LiveStartGuard';
import { SubtitleSettings } from '#/features/subtitles/SubtitleSettings';
import { WaitingRoomPanel, type WaitingUser } from '#/features/waitingRoom/WaitingRoomPanel';
import { lazyDialog } from '#/components/lazyLoad';
import { NotOfferedControls, NotOfferedNote, notOfferedText, unreportedReason } from '#/session/notOffered';
import type { AssumptionGroup } from '@protocol/assumptions';
import type { NotOfferedReason } from '@machines/commands/notOffered';
import { ConfigLoadGate, type ConfigGateState } from '#/components/ConfigLoadGate';

// loaded when first opened
const MosaicLayoutDialog = lazyDialog(() => import('#/features/mosaic/MosaicLayoutDialog').then((m) => m.MosaicLayoutDialog));
import type { OnlineParticipants } from '#/session/onlineParticipants';
import type { ParticipantFeed } from '#/media/simulatedMedia';

export interface MeetingControlsModel {
  /** meeting or class wording */
  scene: MrScene;
  /** the meeting status as the server last reported it (undefined until loaded) */
  status: Partial<MrStatus> | undefined;
  /** targets (see commandTarget) with a request on its way */
  pending: ReadonlySet<string>;
  /** the last refused request: its target and the error */
  refusal?: { target: string; error: unknown };
  /** titles per target as the server reports them */
  titles: readonly Partial<TitleConfig>[] | undefined;
  /** layouts the server offers and the per-role layouts it holds */
  layouts: readonly MosicGroupEntry[];
  mosaicConfigs: readonly MosicConfigEntry[] | undefined;
  /** online participants (main venue, panes, moving into the waiting room), read only while shown */
  online: OnlineParticipants;
  /** the participants as the media layer reads them (the layout dialog's preview); null until known */
  feed?: ParticipantFeed | null;
  /** display name of the current main venue */
  mainVenueName?: string;
  /** who waits in the waiting room */
  waiting: readonly WaitingUser[];
  /** recording machine state and translated failure */
  recording: { state: RecordingState; failure?: string };
  /** cascade machine state */
  cascade: { mode: CascadeModeChoice; points: number };
  /** the tenant uses built-in live */
  liveBuiltin: boolean;
  /** assumed groups this platform refused this session (src/session/notOffered.tsx); default none */
  notOffered?: ReadonlyMap<AssumptionGroup, NotOfferedReason>;
  /** whether the configs the dialogs edit were read (issue 30); default: read */
  configLoad?: { titles: ConfigGateState; mosaic: ConfigGateState; layouts: ConfigGateState };
  /** the room's resource template (`resource_tmpl_info`): pane caps and recording; undefined until told */
  resourceTemplate?: ResourceTemplateView;
}

/** What the controls need of the room's resource template. */
export interface ResourceTemplateView {
  name: string;
  max_mosic: number;
  max_spk_mosic: number;
  max_chair_mosic: number;
  max_guest_mosic: number;
  has_record: 0 | 1;
}

export interface MeetingControlsViewProps {
  model: MeetingControlsModel;
  /** sends a meeting-wide command */
  onCommand: (cmd: MeetingCommand) => void;
  /** recording, cascade and waiting-room enable go through their own machines */
  onRecording: (start: boolean) => void;
  onCascade: (mode: CascadeModeChoice) => void;
  onWaitingRoom: (on: boolean) => void;
  /** reads the configs again after a failed read (issue 30) */
  onRetryConfigs?: () => void;
  /** the sub-site list under the cascade mode (issue 30), when the meeting has or may have any */
  subSites?: ReactNode;
}

export function MeetingControlsView({
  model,
  onCommand,
  onRecording,
  onCascade,
  onWaitingRoom,
  subSites,
  onRetryConfigs = () => {},
}: MeetingControlsViewProps) {
  const { t, i18n } = useLingui();
  const [subtitlesOpen, setSubtitlesOpen] = useState(false);
  const [layoutOpen, setLayoutOpen] = useState(false);
  const [openSections, setOpenSections] = useState<string[]>([]);
  const { status, pending, refusal, scene } = model;
  const configLoad = model.configLoad ?? { titles: 'loaded', mosaic: 'loaded', layouts: 'loaded' };
  // the layout dialog edits the per-role layouts over the supported ones: it needs both read
  const layoutState: ConfigGateState =
    configLoad.mosaic === 'failed' || configLoad.layouts === 'failed'
      ? 'failed'
      : configLoad.mosaic === 'loading' || configLoad.layouts === 'loading'
        ? 'loading'
        : 'loaded';
  const fallback = t`The request failed, please try again`;
  const refusalOf = (prefix: string) => (refusal && refusal.target.startsWith(prefix) ? refusal.error : undefined);
  const messageOf = (prefix: string) => refusalText(refusalOf(prefix), i18n.locale, fallback);

  const switchPending = new Set(MEETING_SWITCHES.filter((id) => pending.has(`switch.${id}`)));
  const polls: Partial<Record<PollRole, boolean>> = {};
  for (const role of ['speaker', 'chair', 'guest'] as const) {
    const v = status?.[`${role}_poll`];
    if (v !== undefined) polls[role] = Number(v) === 1;
  }
  const pollPending = new Set((['speaker', 'chair', 'guest'] as const).filter((r) => pending.has(`status.${r}_poll`)));
  const chatPending = new Set(
    (
      [
        ['chatPermission', 'status.chat_permission'],
        ['liveChat', 'status.live_chat'],
        ['mode', 'status.meeting_mode'],
      ] as const
    )
      .filter(([, target]) => pending.has(target))
      .map(([key]) => key),
  );
  const waitingPending = pending.has('status.waiting_room') || [...pending].some((p) => p.startsWith('eps.waiting_'));
  const send = (cmd: MeetingCommand) => onCommand(cmd);
  const notOffered = (group: AssumptionGroup) => model.notOffered?.get(group) ?? unreportedReason(group, status);
  // Live on is never one click: addresses checked, then asked (issue 26 item 4)
  const liveStart = useLiveStartGuard({
    pushUrl: status?.push_url,
    pullUrl: status?.rtmp_url,
    builtin: model.liveBuiltin && (status?.live_service_type ?? 'builtin') === 'builtin',
    settableHere: !notOffered('live-addresses'),
    onShowAddresses: () => setOpenSections((open) => (open.includes('push') ? open : [...open, 'push'])),
    onStart: () => send(switchCommand('live', true)),
  });

  return (
    <Stack
      gap="sm"
      data-testid="meeting-controls"
      aria-label={t`Meeting-wide controls`}
      style={pending.size > 0 ? { cursor: 'progress' } : undefined}
    >
      <MeetingSwitches
        values={switchValues(status)}
        pending={switchPending}
        hidden={new Set<MeetingSwitchId>(model.liveBuiltin ? [] : ['live'])}
        // title_enabled is an assumed status key (meeting-modes): refused, its switch says why
        blocked={notOffered('meeting-modes') ? { subtitles: notOfferedText(i18n, notOffered('meeting-modes')!) } : undefined}
        error={messageOf('switch.')}
        scene={scene}
        onToggle={(id, on) => (id === 'live' && on ? liveStart.request() : send(switchCommand(id, on)))}
      />
      {liveStart.element}
      <MainVenueControl
        candidates={model.online}
        current={status?.spk_usr_id ?? ''}
        currentName={model.mainVenueName}
        pending={pending.has('eps.speaker')}
        onDesignate={(usrId) => send({ type: 'eps', action: 'speaker', usrIds: [usrId], value: 1 })}
      />
      <NotOfferedControls reason={notOffered('meeting-modes')}>
        <CascadeModeControl
          mode={model.cascade.mode}
          cascadePoints={model.cascade.points}
          pending={pending.has('cascade')}
          error={messageOf('cascade')}
          onChange={onCascade}
        />
      </NotOfferedControls>
      {subSites}
      <RecordingControl
        state={model.recording.state}
        failure={model.recording.failure}
        // the template may not record at all: said beside the control, before anyone tries (issue 30)
        notAllowed={
          model.resourceTemplate?.has_record === 0
            ? t`The resource template “${model.resourceTemplate.name}” does not allow recording`
            : undefined
        }
        onStart={() => onRecording(true)}
        onStop={() => onRecording(false)}
      />
      <Divider />
      <Accordion multiple variant="contained" chevronPosition="left" value={openSections} onChange={setOpenSections}>
        <Accordion.Item value="push">
          <Accordion.Control>{t`Push stream settings`}</Accordion.Control>
          <Accordion.Panel>
            <Stack gap="md">
              <PushStreamSettings
                address={status?.bypass_url ?? ''}
                enabled={Number(status?.bypass_enabled) === 1}
                pending={pending.has('bypass')}
                refusal={refusalOf('bypass')}
                checkAddress={checkPushAddress}
                onEnable={(url) => send({ type: 'bypassOn', url })}
                onDisable={() => send({ type: 'status', key: 'enable_bypass', value: 0 })}
              />
              <NotOfferedControls reason={notOffered('live-addresses')}>
                <LiveAddressSettings
                  pushUrl={status?.push_url ?? ''}
                  pullUrl={status?.rtmp_url ?? ''}
                  liveOn={Number(status?.live_enabled) === 1}
                  builtin={model.liveBuiltin && (status?.live_service_type ?? 'builtin') === 'builtin'}
                  pending={pending.has('liveAddresses')}
                  refusal={refusalOf('liveAddresses')}
                  checkAddresses={checkLiveAddresses}
                  onSave={(pushUrl, pullUrl) => send({ type: 'liveAddresses', pushUrl, pullUrl })}
                />
              </NotOfferedControls>
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="polling">
          <Accordion.Control>{t`Polling`}</Accordion.Control>
          <Accordion.Panel>
            <PollingControl
              values={polls}
              pending={pollPending}
              onToggle={(role, on) => send({ type: 'status', key: `${role}_poll`, value: on ? 1 : 0 })}
            />
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="chat">
          <Accordion.Control>{t`Chat and meeting mode`}</Accordion.Control>
          <Accordion.Panel>
            <NotOfferedControls reason={notOffered('meeting-modes')}>
              <ChatAndModeControls
                chatPermission={status?.chat_permission as ChatPermission | undefined}
                liveChat={status?.live_chat === undefined ? undefined : Number(status.live_chat) === 1}
                mode={status?.meeting_mode as MeetingMode | undefined}
                scene={scene}
                pending={chatPending}
                onChatPermission={(value) => send({ type: 'status', key: 'chat_permission', value })}
                onLiveChat={(allowed) => send({ type: 'status', key: 'live_chat', value: allowed ? 1 : 0 })}
                onMode={(mode) => send({ type: 'status', key: 'meeting_mode', value: mode })}
              />
            </NotOfferedControls>
          </Accordion.Panel>
        </Accordion.Item>
        <Accordion.Item value="waiting">
          <Accordion.Control>{t`Waiting room`}</Accordion.Control>
          <Accordion.Panel>
            <WaitingRoomPanel
              notOffered={notOffered('waiting-room')}
              candidates={model.online}
              enabled={status?.waiting_room === undefined ? undefined : Number(status.waiting_room) === 1}
              waiting={model.waiting}
              pending={waitingPending}
              error={messageOf('eps.waiting_') ?? messageOf('status.waiting_room')}
              onEnable={onWaitingRoom}
              onPermit={(usrIds) => send({ type: 'eps', action: 'waiting_permit', usrIds })}
              onRefuse={(usrIds) => send({ type: 'eps', action: 'waiting_refuse', usrIds })}
              onMoveIn={(usrIds) => send({ type: 'eps', action: 'waiting_move', usrIds })}
            />
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      <Button variant="light" onClick={() => setSubtitlesOpen(true)}>
        {t`Subtitle settings`}
      </Button>
      <Button variant="light" onClick={() => setLayoutOpen(true)}>
        {t`Screen layout`}
      </Button>
      <EndMeetingButton
        scene={scene}
        pending={pending.has('endMeeting')}
        onEnd={() => send({ type: 'endMeeting' })}
        countOnline={() => model.online.getSnapshot().length}
      />
      {messageOf('endMeeting') && (
        <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
          {messageOf('endMeeting')}
        </div>
      )}
      <Modal opened={subtitlesOpen} onClose={() => setSubtitlesOpen(false)} title={t`Subtitle settings`} size="xl" centered>
        {/* without mod-subtitle-position the banner's own h_align / v_align place it (protocol/assumptions.ts) */}
        {/* a title config that could not be read is said, never shown as the defaults (issue 30) */}
        <ConfigLoadGate state={configLoad.titles} onRetry={onRetryConfigs} onClose={() => setSubtitlesOpen(false)}>
          <NotOfferedNote reason={notOffered('subtitle-position')} />
          <SubtitleSettings
            titles={model.titles}
            pending={pending.has('title')}
            error={messageOf('title')}
            onCancel={() => setSubtitlesOpen(false)}
            onApply={(title, position) => {
              send({ type: 'title', title });
              if (!notOffered('subtitle-position')) send({ type: 'subtitlePosition', position });
            }}
          />
        </ConfigLoadGate>
      </Modal>
      {layoutState === 'loaded' ? (
        <MosaicLayoutDialog
          participants={model.online}
          feed={model.feed}
          opened={layoutOpen}
          layouts={model.layouts}
          configs={model.mosaicConfigs}
          template={model.resourceTemplate}
          pending={pending.has('mosaic')}
          refusal={refusalOf('mosaic')}
          onApply={(configs) => send({ type: 'mosaic', configs })}
          onClose={() => setLayoutOpen(false)}
        />
      ) : (
        <Modal opened={layoutOpen} onClose={() => setLayoutOpen(false)} title={t`Screen layout`} centered>
          <ConfigLoadGate state={layoutState} onRetry={onRetryConfigs} onClose={() => setLayoutOpen(false)}>
            {null}
          </ConfigLoadGate>
        </Modal>
      )}
    </Stack>
  );
}
