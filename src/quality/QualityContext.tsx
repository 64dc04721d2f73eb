/**
 * Gives the participant table its quality column (issue 16.3): the session's qualityHistory
 * actor, started when the control screen shows the participants; the worst-first order chosen
 * in the column's menu; and the alert thresholds kept in the browser. Crossings raise no toast
 * here: the alert budget decides what interrupts (QualityAlerts.tsx, issue 26).
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import {
  qualityHistorySelectors,
  type QualityHistoryMachine,
  type QualityStore,
  type QualityThresholds,
  type StatsSample,
} from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { loadThresholds, saveThresholds, worstFirst, type QualitySort } from './qualityModel';

export { QUALITY_ALERT_CLASS, QUALITY_ALERT_PRIORITY } from './alertToasts';

export type QualityRef = ActorRefFrom<QualityHistoryMachine>;

interface QualityContextValue {
  quality: QualityRef | undefined;
  /** the actor's ring buffers: one object for its life, changed in place (read again on each round) */
  store: QualityStore | undefined;
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

export function QualityProvider({ session, children }: { session: AnyActorRef; children: ReactNode }) {
  const quality = useSessionChild<QualityRef>(session, 'qualityHistory');
  // selected once here, not per row: the same store for the actor's life, so no row subscribes for it
  const store = useSelector(quality, (s) => (s ? qualityHistorySelectors.selectQualityStore(s) : undefined));
  const [sort, setSort] = useState<QualitySort>('none');
  const [thresholds, setThresholdsState] = useState<QualityThresholds>(() => loadThresholds());

  useEffect(() => {
    if (!quality) return;
    quality.send({ type: 'quality.setThresholds', thresholds });
    quality.send({ type: 'quality.start' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per actor: thresholds are sent when changed (setThresholds)
  }, [quality]);

  const value = useMemo<QualityContextValue>(
    () => ({
      quality,
      store,
      sort,
      setSort,
      thresholds,
      setThresholds: (next) => {
        setThresholdsState(next);
        saveThresholds(next);
        quality?.send({ type: 'quality.setThresholds', thresholds: next });
      },
    }),
    [quality, store, sort, thresholds],
  );
  return <QualityCtx.Provider value={value}>{children}</QualityCtx.Provider>;
}

const noRound = () => -1;

/** `rows` worst first by the chosen figure, re-ordered after every sampling round; as given when no order is chosen. */
export function useQualityOrder<T extends { usrId: string }>(rows: readonly T[]): readonly T[] {
  const ctx = useQuality();
  const sort = ctx?.sort ?? 'none';
  const round = useSelector(ctx?.quality, (s) => (s && sort !== 'none' ? qualityHistorySelectors.selectQualityRound(s) : -1)) ?? noRound();
  const store = ctx?.store;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is updated in place: the round moves whenever it changed
  return useMemo(() => worstFirst(rows, store, sort), [rows, store, sort, round]);
}

/**
 * The background history of one participant for the statistics dialog: the samples read before
 * it opens, and a sink for the samples it reads, so the history goes on after it closes.
 */
export function useQualityHistoryOf(usrId: string, name: string): { earlier: StatsSample[]; onSample: (sample: StatsSample) => void } {
  const ctx = useQuality();
  const quality = ctx?.quality;
  const store = ctx?.store;
  return useMemo(
    () => ({
      earlier: store && usrId ? store.samples(usrId) : [],
      onSample: (sample: StatsSample) => quality?.send({ type: 'quality.sample', usrId, name, sample }),
    }),
    [quality, store, usrId, name],
  );
}
