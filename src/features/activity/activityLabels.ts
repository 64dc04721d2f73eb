/** The Activity panel's words in the current language: kinds, controllers, rows, outcomes, times. */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { codeMessage } from '@protocol/codes';
import type { ActivityEntry } from '@protocol/wire';
import type { ActivityKind } from './activityModel';
import type { ActivityRow } from './activityModel';
import { controllerText, readActivity } from './activitySentence';

export interface ActivityLabels {
  kind(kind: ActivityKind): string;
  /** "Host (10.0.0.2)"; '' address: "Host (this console)" (a local record) */
  controller(role: ActivityEntry['role'], peerIp: string): string;
  /** the entries (newest first) as rows of sentences, recipes read as one */
  rows(entries: readonly ActivityEntry[]): ActivityRow[];
  outcome(entry: Pick<ActivityEntry, 'result' | 'status'>): { ok: boolean; text: string };
  /** local date and time in the current language */
  time(dtm: number): string;
}

export function useActivityLabels(): ActivityLabels {
  const { t, i18n } = useLingui();
  return useMemo(() => {
    const kinds: Record<ActivityKind, string> = {
      participants: t`Participants`,
      meeting: t`Meeting`,
      layout: t`Layout`,
      subtitles: t`Subtitles`,
      live: t`Live`,
      other: t`Other`,
    };
    const outcome: ActivityLabels['outcome'] = ({ result, status }) =>
      result === 0 && status < 400
        ? { ok: true, text: t`Applied` }
        : { ok: false, text: result > 0 ? t`Refused: ${codeMessage(result, i18n.locale)}` : t`Refused (HTTP ${status})` };
    return {
      kind: (kind) => kinds[kind],
      controller: (role, peerIp) => controllerText(i18n, role, peerIp),
      rows: (entries) => readActivity(i18n, entries),
      outcome,
      time: (dtm) => i18n.date(new Date(dtm * 1000), { dateStyle: 'short', timeStyle: 'medium' }),
    };
  }, [t, i18n]);
}
