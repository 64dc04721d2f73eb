/**
 * The dialogs other features provide to the participant area (camera, microphone, statistics of
 * a row; the address book of the tab actions). A feature imports no other feature, so the
 * control screen (src/screens/control) composes them and hands them in as one component.
 */
import type { ComponentType } from 'react';
import type { AnyActorRef } from 'xstate';
import type { CommandSink } from './commands';
import type { ParticipantRow } from './participantModel';

export type ParticipantDialogsProps =
  | {
      dialog: 'camera' | 'mic' | 'stats';
      row: ParticipantRow;
      session: AnyActorRef;
      micGainAuto: boolean;
      onCommand: CommandSink;
      onClose: () => void;
    }
  | { dialog: 'addressBook'; session: AnyActorRef; onCommand: CommandSink; onClose: () => void };

export type ParticipantDialogsSlot = ComponentType<ParticipantDialogsProps>;
