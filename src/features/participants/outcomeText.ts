/**
 * The words of the result toasts (issue 13 §3) and of the search count, in the active language.
 * Counts go through Lingui's plural, whose `#` is formatted for the locale ("9,851").
 */
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Outcome } from './commandOutcome';

/** One sentence per outcome; `name` replaces the count when the command reached one person. */
export function outcomeText(i18n: I18n, o: Outcome): string {
  const count = o.count;
  const name = o.name;
  if (name !== undefined) {
    switch (o.kind) {
      case 'hungUp':
        return i18n._(msg`${name} hung up`);
      case 'mutedSelected':
        return i18n._(msg`${name} muted`);
      case 'unmutedSelected':
        return i18n._(msg`${name} unmuted`);
      case 'admitted':
        return i18n._(msg`${name} admitted from the waiting room`);
      case 'refusedWaiting':
        return i18n._(msg`${name} refused from the waiting room`);
      case 'movedToWaiting':
        return i18n._(msg`${name} moved to the waiting room`);
      case 'handsPermitted':
        return i18n._(msg`${name} may speak`);
      case 'handsRefused':
        return i18n._(msg`${name}'s raised hand refused`);
      case 'honouredSet':
        return i18n._(msg`${name} is an honoured guest`);
      case 'honouredCancelled':
        return i18n._(msg`${name} is no longer an honoured guest`);
      default:
        break;
    }
  }
  switch (o.kind) {
    case 'mutedAll':
      return i18n._(msg`${plural(count, { one: '# muted', other: '# muted' })} · later joiners muted too`);
    case 'unmutedAll':
      return i18n._(msg`Mute lifted for ${plural(count, { one: '# participant', other: '# participants' })}`);
    case 'handsLowered':
      return i18n._(msg`${plural(count, { one: '# raised hand lowered', other: '# raised hands lowered' })}`);
    case 'allLeft':
      return i18n._(msg`${plural(count, { one: '# participant asked to leave', other: '# participants asked to leave' })}`);
    case 'guestMuteOn':
      return i18n._(msg`Guest mute on: the audience is muted, later joiners too`);
    case 'guestMuteOff':
      return i18n._(msg`Guest mute off: the audience may speak`);
    case 'audienceListenOn':
      return i18n._(msg`The audience may no longer listen, later joiners too`);
    case 'audienceListenOff':
      return i18n._(msg`The audience may listen again`);
    case 'audienceWatchOn':
      return i18n._(msg`The audience may no longer watch, later joiners too`);
    case 'audienceWatchOff':
      return i18n._(msg`The audience may watch again`);
    case 'mutedSelected':
      return i18n._(msg`${plural(count, { one: '# participant muted', other: '# participants muted' })}`);
    case 'unmutedSelected':
      return i18n._(msg`${plural(count, { one: '# participant unmuted', other: '# participants unmuted' })}`);
    case 'admitted':
      return i18n._(msg`${plural(count, { one: '# person admitted', other: '# people admitted' })} from the waiting room`);
    case 'refusedWaiting':
      return i18n._(msg`${plural(count, { one: '# person refused', other: '# people refused' })} from the waiting room`);
    case 'movedToWaiting':
      return i18n._(msg`${plural(count, { one: '# participant moved', other: '# participants moved' })} to the waiting room`);
    case 'handsPermitted':
      return i18n._(msg`${plural(count, { one: '# raised hand permitted', other: '# raised hands permitted' })}`);
    case 'handsRefused':
      return i18n._(msg`${plural(count, { one: '# raised hand refused', other: '# raised hands refused' })}`);
    case 'hungUp':
      return i18n._(msg`${plural(count, { one: '# participant hung up', other: '# participants hung up' })}`);
    case 'honouredSet':
      return i18n._(msg`${plural(count, { one: '# participant made honoured guest', other: '# participants made honoured guests' })}`);
    case 'honouredCancelled':
      return i18n._(msg`${plural(count, { one: '# honoured guest cancelled', other: '# honoured guests cancelled' })}`);
  }
}

/** "12 of 9,851": the matches of a search among the rows of the tab. */
export function searchCountText(i18n: I18n, shown: number, total: number): string {
  const matched = i18n.number(shown);
  const all = i18n.number(total);
  return i18n._(msg`${matched} of ${all}`);
}

/** "2 min": how long a hand has been up; under a minute reads "now". */
export function raisedForText(i18n: I18n, minutes: number): string {
  if (minutes < 1) return i18n._(msg`just now`);
  return i18n.number(minutes, { style: 'unit', unit: 'minute', unitDisplay: 'short' });
}
