/**
 * The sidebar's meeting-wide on/off switches (spec §2). Each switch is a round trip: the parent
 * passes the state the server last reported, which requests are still pending, and the refusal of
 * the last failed request; toggling only asks, the switch moves when the server says so.
 */
import { Alert, Stack, Switch } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SWITCH_NAMES } from '#/i18n/switchNames';

/** The switches of the sidebar, named by what they mean rather than by their wire keys. */
export const MEETING_SWITCHES = [
  'lock',
  'allowGuests',
  'allowSelfUnmute',
  'contentSharing',
  'platformLayout',
  'sameLayout',
  'subtitles',
  'live',
] as const;

export type MeetingSwitchId = (typeof MEETING_SWITCHES)[number];

const LABELS: Record<MeetingSwitchId, MessageDescriptor> = SWITCH_NAMES;

const CLASS_LABELS: Partial<Record<MeetingSwitchId, MessageDescriptor>> = {
  lock: msg`Lock class`,
};

export interface MeetingSwitchesProps {
  /** the state the server last reported, per switch (missing = not known yet, shown off and disabled) */
  values: Partial<Record<MeetingSwitchId, boolean>>;
  /** switches whose request is on its way (shown with a wait cursor, not clickable) */
  pending?: ReadonlySet<MeetingSwitchId>;
  /** switches the parent hides (for example live when the tenant has no live service); default none */
  hidden?: ReadonlySet<MeetingSwitchId>;
  /** switches that cannot be used in the current state, with the reason shown under the switch */
  blocked?: Partial<Record<MeetingSwitchId, string>>;
  /** a translated refusal of the last failed request, shown as an alert; default none */
  error?: string;
  /** 'class' switches the wording to the class scene; default 'conference' */
  scene?: 'conference' | 'class';
  /** asks for a switch to be turned on or off */
  onToggle: (id: MeetingSwitchId, on: boolean) => void;
}

export function MeetingSwitches({ values, pending, hidden, blocked, error, scene = 'conference', onToggle }: MeetingSwitchesProps) {
  const { i18n, t } = useLingui();
  return (
    <Stack gap="xs" role="group" aria-label={t`Meeting switches`} data-testid="meeting-switches">
      {MEETING_SWITCHES.filter((id) => !hidden?.has(id)).map((id) => {
        const value = values[id];
        const isPending = pending?.has(id) ?? false;
        const label = i18n._((scene === 'class' && CLASS_LABELS[id]) || LABELS[id]);
        return (
          <Switch
            key={id}
            label={label}
            checked={value === true}
            disabled={value === undefined || isPending || blocked?.[id] !== undefined}
            description={blocked?.[id]}
            aria-busy={isPending}
            data-switch={id}
            data-state={value === undefined ? 'unknown' : value ? 'on' : 'off'}
            data-pending={isPending || undefined}
            style={isPending ? { cursor: 'wait' } : undefined}
            onChange={(e) => onToggle(id, e.currentTarget.checked)}
          />
        );
      })}
      {error && (
        <Alert color="red" role="alert" data-testid="meeting-switches-error">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
