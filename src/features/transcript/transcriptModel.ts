/**
 * What the transcript panel shows, without React: the newest lines up to a bound (a four-hour
 * meeting's thousands of lines never all become DOM rows), and whether a scrolled list still sits
 * at its newest line.
 */
import type { TranscriptLine } from '@protocol/wire';

/** rows the panel draws at most; the earlier lines stay in the actor and go to the meeting report */
export const SHOWN_LINES = 200;
/** px from the bottom that still count as "at the newest line" */
const TAIL_SLACK_PX = 24;

/** The newest {@link SHOWN_LINES} lines, oldest first, and how many earlier ones are not drawn. */
export function shownLines(lines: readonly TranscriptLine[], limit = SHOWN_LINES): { shown: readonly TranscriptLine[]; earlier: number } {
  if (lines.length <= limit) return { shown: lines, earlier: 0 };
  return { shown: lines.slice(lines.length - limit), earlier: lines.length - limit };
}

/** Whether a scrolled box shows its last row (the view then keeps following new lines). */
export function atTail(box: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= TAIL_SLACK_PX;
}
