/**
 * The meeting-wide switches' names, one table: the switches show them, and the activity log names
 * a command by the control that sends it, so both read the same words.
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

export const SWITCH_NAMES = {
  lock: msg`Lock meeting`,
  allowGuests: msg`Allow guests`,
  allowSelfUnmute: msg`Allow self-unmute`,
  contentSharing: msg`Audience content sharing`,
  platformLayout: msg`Platform-controlled layout`,
  sameLayout: msg`Same layout`,
  subtitles: msg`Subtitles`,
  live: msg`Live`,
} as const satisfies Record<string, MessageDescriptor>;
