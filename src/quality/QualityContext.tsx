/**
 * Gives the participant table its quality column (issue 16.3): the session's qualityHistory
 * actor, started when the control screen shows the participants; the worst-first order chosen
 * in the column's menu; the alert thresholds kept in the browser; and the toasts of threshold
 * crossings (one per participant, a summary when many cross in one round).
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { qualityHistorySelectors, type QualityHistoryMachine, type QualityNotice, type QualityThresholds, type StatsSample } from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { loadThresholds, roundAlerts, roundFigure, saveThresholds, worstFirst, type QualitySort } from './qualityModel';

export type QualityRef = ActorRefFrom<QualityHistoryMachine>;

interface QualityContextValue {
  quality: QualityRef | undefined;
  sort: QualitySort;
  setSort: (sort: QualitySort) => void;
  thresholds: QualityThresholds;
  setThresholds: (t: QualityThresholds) => void;
}

const QualityCtx = createContext<QualityContextValue | null>(null);

/** The quality column's state; null outside a {@link QualityProvider} (the column then shows nothing). */
export function useQuality(): QualityContextValue | null {
  return useContext(QualityCtx);
}

/** Marks the quality alerts among the toasts: they arrive on their own schedule, apart from any command. */
export const QUALITY_ALERT_CLASS = 'podium-quality-alert';
/**
 * Below every other toast (Mantine's default priority is 0): three alerts of a bad round filled the
 * three places on screen, and a command's refusal waited hidden behind them for up to 8 s.
 */
export const QUALITY_ALERT_PRIORITY = -1;

export function QualityProvider({ session, children }: { session: AnyActorRef; children: ReactNode }) {
  const { t, i18n } = useLingui();
  const quality = useSessionChild<QualityRef>(session, 'qualityHistory');
  const [sort, setSort] = useState<QualitySort>('none');
  const [thresholds, setThresholdsState] = useState<QualityThresholds>(() => loadThresholds());

  useEffect(() => {
    if (!quality) return;
    quality.send({ type: 'quality.setThresholds', thresholds });
    quality.send({ type: 'quality.start' });
    // thresholds are sent when changed (setThresholds); this runs once per actor
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [quality]);

  useEffect(() => {
    if (!quality) return;
    const describe = (n: QualityNotice) => {
      const value = i18n.number(roundFigure(n.value));
      const limit = i18n.number(n.threshold);
      return n.metric === 'loss' ? t`${n.name}: loss ${value} % (alert at ${limit} %)` : t`${n.name}: jitter ${value} ms (alert at ${limit} ms)`;
    };
    const sub = quality.on('quality.crossed', (e) => {
      const alerts = roundAlerts(e.notices);
      if (alerts.kind === 'each') {
        for (const n of alerts.notices) notifications.show({ color: 'orange', title: t`Quality alert`, message: describe(n), autoClose: 8000, className: QUALITY_ALERT_CLASS, priority: QUALITY_ALERT_PRIORITY });
      } else {
        const count = alerts.participants;
        const names = alerts.names.join(', ');
        notifications.show({ color: 'orange', title: t`Quality alert`, message: t`${count} participants crossed a quality threshold: ${names}…`, autoClose: 8000, className: QUALITY_ALERT_CLASS, priority: QUALITY_ALERT_PRIORITY });
      }
    });
    return () => sub.unsubscribe();
  }, [quality, i18n, t]);

  const value = useMemo<QualityContextValue>(
    () => ({
      quality,
      sort,
      setSort,
      thresholds,
      setThresholds: (next) => {
        setThresholdsState(next);
        saveThresholds(next);
        quality?.send({ type: 'quality.setThresholds', thresholds: next });
      },
    }),
    [quality, sort, thresholds],
  );
  return <QualityCtx.Provider value={value}>{children}</QualityCtx.Provider>;
}

const noRound = () => -1;

/** `rows` worst first by the chosen figure, re-ordered after every sampling round; as given when no order is chosen. */
export function useQualityOrder<T extends { usrId: string }>(rows: readonly T[]): readonly T[] {
  const ctx = useQuality();
  const sort = ctx?.sort ?? 'none';
  const round = useSelector(ctx?.quality, (s) => (s && sort !== 'none' ? qualityHistorySelectors.selectQualityRound(s) : -1)) ?? noRound();
  const store = ctx?.quality?.getSnapshot().context.store;
  // the round moves whenever the store changed
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => worstFirst(rows, store, sort), [rows, store, sort, round]);
}

/**
 * The background history of one participant for the statistics dialog: the samples read before
 * it opens, and a sink for the samples it reads, so the history goes on after it closes.
 */
export function useQualityHistoryOf(usrId: string, name: string): { earlier: StatsSample[]; onSample: (sample: StatsSample) => void } {
  const quality = useQuality()?.quality;
  return useMemo(
    () => ({
      earlier: quality && usrId ? quality.getSnapshot().context.store.samples(usrId) : [],
      onSample: (sample: StatsSample) => quality?.send({ type: 'quality.sample', usrId, name, sample }),
    }),
    [quality, usrId, name],
  );
}
