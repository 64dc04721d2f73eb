/**
 * The question asked before an action that cannot simply be undone (issue 13 §2), in the active
 * language: who and how many, and a confirming button that names the action. Shared by the
 * participant table and the sidebar's waiting room, so both ask the same way.
 */
import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';

/** A question asked before a command that cannot simply be undone. */
export interface Confirmation {
  kind: 'allLeave' | 'refuseWaiting' | 'moveToWaiting';
  /** how many it reaches */
  count: number;
  /** who, when they can be named (the first few) */
  names: string[];
}

/** Title, question and confirming button of a {@link Confirmation}, naming who and how many. */
export function confirmationText(i18n: I18n, c: Confirmation): { title: string; message: string; confirm: string } {
  const count = c.count;
  const more = count - c.names.length;
  const who =
    c.names.length === 0
      ? ''
      : more > 0
        ? i18n._(msg`${c.names.join(', ')} and ${plural(more, { one: '# more', other: '# more' })}`)
        : c.names.join(', ');
  switch (c.kind) {
    case 'allLeave':
      return {
        title: i18n._(msg`All leave`),
        message: i18n._(
          msg`${plural(count, { one: '# participant in the meeting', other: 'All # participants in the meeting' })} will be hung up. Continue?`,
        ),
        confirm: i18n._(msg`Hang up everyone`),
      };
    case 'refuseWaiting':
      return {
        title: i18n._(msg`Refuse from waiting room`),
        message: i18n._(
          msg`Refuse ${plural(count, { one: '# person', other: '# people' })} waiting (${who})? They leave and have to dial in again.`,
        ),
        confirm: i18n._(msg`Refuse ${plural(count, { one: '# person', other: '# people' })}`),
      };
    case 'moveToWaiting':
      return {
        title: i18n._(msg`Move to waiting room`),
        message: i18n._(
          msg`Move ${plural(count, { one: '# participant', other: '# participants' })} (${who}) out of the meeting into the waiting room?`,
        ),
        confirm: i18n._(msg`Move ${plural(count, { one: '# participant', other: '# participants' })}`),
      };
  }
}
