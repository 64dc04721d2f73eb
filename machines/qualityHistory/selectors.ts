/**
 * Named selectors for the quality history (system id `qualityHistory`). The store is mutated in
 * place: select `selectQualityRound` beside a store read to read again after each round.
 */
import type { SnapshotFrom } from 'xstate';
import type { QualityHistoryMachine, QualityNotice, QualityThresholds } from './qualityHistoryMachine';
import type { QualityStore } from './qualityStore';

type QualityHistorySnapshot = SnapshotFrom<QualityHistoryMachine>;

/** rounds recorded so far: moves after every round */
export const selectQualityRound = (s: QualityHistorySnapshot): number => s.context.round;
/** the ring buffers (same object for the actor's life; re-read on the round) */
export const selectQualityStore = (s: QualityHistorySnapshot): QualityStore => s.context.store;
/** the thresholds that raise a notice */
export const selectThresholds = (s: QualityHistorySnapshot): QualityThresholds => s.context.thresholds;
/** threshold crossings, newest first */
export const selectQualityNotices = (s: QualityHistorySnapshot): readonly QualityNotice[] => s.context.notices;
/** sampling (started, not stopped) */
export const selectIsSampling = (s: QualityHistorySnapshot): boolean => s.matches('sampling') || s.matches('waiting');
