/**
 * One header chip of a meeting state whose control lives elsewhere on the screen: a click brings
 * that control up (the sidebar's recording control or switch, a participant tab, the roll-call
 * dialog). The visible text is the accessible name; the tooltip (title) says what a click does.
 */
import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { requestControl } from '#/session/controlRequests';
import { formatElapsed, type MeetingChip } from './meetingStateModel';
import { focusSidebarControl } from './focusControl';
import classes from './meetingState.module.css';

type SimpleChip = Extract<MeetingChip, { kind: 'rec' | 'live' | 'locked' | 'waiting' | 'hands' | 'rollCall' }>;

export function StateChip({
  chip,
  seconds,
}: {
  /** the state to show */
  chip: SimpleChip;
  /** how long it has lasted (REC) */
  seconds: number;
}) {
  const { t, i18n } = useLingui();
  let label: string;
  let hint: string;
  let act: () => void;
  switch (chip.kind) {
    case 'rec': {
      const time = formatElapsed(seconds);
      label = t`REC ${time}`;
      hint = t`Recording for ${time}. Click to go to the recording control`;
      act = () => focusSidebarControl('rec');
      break;
    }
    case 'live':
      label = t`LIVE`;
      hint = t`Live streaming is on. Click to go to the live switch`;
      act = () => focusSidebarControl('live');
      break;
    case 'locked':
      label = t`LOCKED`;
      hint = t`Nobody new can join. Click to go to the lock switch`;
      act = () => focusSidebarControl('locked');
      break;
    case 'waiting': {
      const count = i18n.number(chip.count);
      label = t`Waiting room ${count}`;
      hint = t`Click to show the waiting room tab`;
      act = () => requestControl({ kind: 'tab', tab: 'waiting' });
      break;
    }
    case 'hands': {
      const count = i18n.number(chip.count);
      label = t`Raised hands ${count}`;
      hint = t`Click to show the raised hands tab`;
      act = () => requestControl({ kind: 'tab', tab: 'hand' });
      break;
    }
    case 'rollCall': {
      const name = chip.name;
      label = t`Roll call: ${name}`;
      hint = t`Click to open the roll call`;
      act = () => requestControl({ kind: 'rollCall' });
      break;
    }
  }
  return (
    <Button
      size="compact-sm"
      variant="default"
      className={classes.chip}
      data-chip={chip.kind}
      data-seconds={chip.kind === 'rec' ? seconds : undefined}
      title={hint}
      leftSection={<span className={classes.dot} data-kind={chip.kind} aria-hidden />}
      onClick={act}
    >
      <span className={classes.text}>{label}</span>
    </Button>
  );
}
