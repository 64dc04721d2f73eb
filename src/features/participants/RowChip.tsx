/**
 * The buttons of a participant row's cells: the three state toggles (audio, listening, watching:
 * an icon and a word, on or off, marked when free against a meeting-wide ban) and the answers to a
 * raised hand (Permit, Refuse). One component, so the five share their markup, their wait while a
 * command is in flight and their styling hooks (ParticipantTable.module.css `.chip`); the row words
 * the labels, as only it knows the participant's name.
 */
import type { ReactNode } from 'react';
import classes from './ParticipantTable.module.css';

interface ChipBase {
  /** the accessible name: what a click does, naming the participant */
  label: string;
  /** the word on the chip */
  text: string;
  /** a command for this participant is in flight: the chip waits */
  pending: boolean;
  onClick: () => void;
}

/** A state toggle: the participant's state shown (data-state), a click turns it over. */
export interface StateChipProps extends ChipBase {
  on: boolean;
  /** shown on hover: what a click does */
  title: string;
  icon: ReactNode;
  /** free against a meeting-wide ban: the one state that is an alarm */
  alarm?: boolean;
}

/** An action, not a state: its tone only. */
export interface ActionChipProps extends ChipBase {
  tone: 'ok' | 'plain';
}

export function RowChip(props: StateChipProps | ActionChipProps) {
  const state = 'on' in props;
  return (
    <button
      type="button"
      className={classes.chip}
      aria-label={props.label}
      title={state ? props.title : undefined}
      data-state={state ? (props.on ? 'on' : 'off') : undefined}
      data-kind={state ? 'state' : undefined}
      data-tone={state ? undefined : props.tone}
      data-alarm={(state && props.alarm) || undefined}
      disabled={props.pending}
      onClick={props.onClick}
    >
      {state && props.icon}
      {props.text}
    </button>
  );
}
