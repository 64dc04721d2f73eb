/**
 * Chat permission, live chat, and meeting mode (speaker/lecturer or discussion).
 */
import { SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { ChatPermission, MeetingMode } from '@protocol/wire';

export interface ChatAndModeControlsProps {
  /** chat permission as the server reports it: 0 prohibit all, 1 free, 2 public only, 3 private with host only */
  chatPermission: ChatPermission | undefined;
  /** live chat allowed */
  liveChat: boolean | undefined;
  /** meeting mode */
  mode: MeetingMode | undefined;
  /** 'class' uses the lecturer wording for speaker mode; default 'conference' */
  scene?: 'conference' | 'class';
  /** which controls have a request on their way */
  pending?: ReadonlySet<'chatPermission' | 'liveChat' | 'mode'>;
  onChatPermission: (value: ChatPermission) => void;
  onLiveChat: (allowed: boolean) => void;
  onMode: (mode: MeetingMode) => void;
}

export function ChatAndModeControls(props: ChatAndModeControlsProps) {
  const { chatPermission, liveChat, mode, scene = 'conference', pending } = props;
  const { t } = useLingui();
  return (
    <Stack gap="xs" data-testid="chat-and-mode">
      <Select
        label={t`Chat permission`}
        value={chatPermission === undefined ? null : String(chatPermission)}
        disabled={chatPermission === undefined || pending?.has('chatPermission')}
        data-state={chatPermission ?? 'unknown'}
        allowDeselect={false}
        data={[
          { value: '0', label: t`Prohibit all chat` },
          { value: '1', label: t`Free chat` },
          { value: '2', label: t`Public chat only` },
          { value: '3', label: t`Private chat with host only` },
        ]}
        onChange={(value) => {
          if (value !== null) props.onChatPermission(Number(value) as ChatPermission);
        }}
      />
      <Switch
        label={t`Allow live chat`}
        checked={liveChat === true}
        disabled={liveChat === undefined || pending?.has('liveChat')}
        data-state={liveChat === undefined ? 'unknown' : liveChat ? 'on' : 'off'}
        onChange={(e) => props.onLiveChat(e.currentTarget.checked)}
      />
      <Text size="sm" fw={500} id="meeting-mode-label">
        {t`Meeting mode`}
      </Text>
      <SegmentedControl
        aria-labelledby="meeting-mode-label"
        data-state={mode ?? 'unknown'}
        value={mode ?? ''}
        disabled={mode === undefined || pending?.has('mode')}
        onChange={(value) => props.onMode(value as MeetingMode)}
        data={[
          { value: 'speaker', label: scene === 'class' ? t`Lecturer mode` : t`Speaker mode` },
          { value: 'discussion', label: t`Discussion mode` },
        ]}
      />
    </Stack>
  );
}
