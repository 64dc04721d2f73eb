/**
 * Takes the report's snapshot from a live session (its actors' current state, read once); the
 * browser keeps it (reportStore.ts), so the report opens in a tab of its own, also after the
 * meeting ended and the session is gone.
 */
import type { AnyActorRef } from 'xstate';
import {
  activitySelectors,
  attendanceSelectors,
  controllersSelectors,
  meetingSelectors,
  qualityHistorySelectors,
  transcriptSelectors,
  ROUND_MS,
  type QualityStore,
  type QualityThresholds,
} from '@machines/index';
import type { ControllerRole, MrScene } from '@protocol/wire';
import { REPORT_FORMAT, summariseActivity, type ReportController, type ReportQuality, type ReportSnapshot } from './reportModel';

const snap = (session: AnyActorRef, id: string) => (session.system.get(id) as AnyActorRef | undefined)?.getSnapshot();

/** Worst loss and jitter and the time above either threshold, per participant the quality history holds. */
export function qualityRows(store: QualityStore, thresholds: QualityThresholds): ReportQuality[] {
  const rows: ReportQuality[] = [];
  for (const usrId of store.usrIds()) {
    const loss = store.series(usrId, 'loss');
    const jitter = store.series(usrId, 'jitter');
    let lossPeak = -1;
    let jitterPeak = -1;
    let over = 0;
    for (let i = 0; i < loss.length; i++) {
      const l = loss[i];
      const j = jitter[i];
      if (!Number.isNaN(l)) lossPeak = Math.max(lossPeak, l);
      if (!Number.isNaN(j)) jitterPeak = Math.max(jitterPeak, j);
      if (l > thresholds.lossPct || j > thresholds.jitterMs) over += 1;
    }
    rows.push({
      usr_id: usrId,
      name: store.nameOf(usrId) ?? '',
      loss_peak: lossPeak,
      jitter_peak: jitterPeak,
      secs_over: (over * ROUND_MS) / 1000,
    });
  }
  // the worst first: a support engineer reads the top
  return rows.sort((a, b) => b.secs_over - a.secs_over || b.loss_peak - a.loss_peak);
}

/** Who controlled the meeting: the logins this console saw (in/out), else those online now. */
function controllersOf(session: AnyActorRef): ReportController[] {
  const s = snap(session, 'controllers');
  if (!s) return [];
  const entries = controllersSelectors.selectControllerEntries(s);
  const quits = new Map<string, number>();
  for (const e of entries) if (e.type === 'out') quits.set(e.sessionid, e.quit_dtm);
  const out: ReportController[] = entries
    .filter((e) => e.type === 'in')
    .map((e) => ({ role: (e.role ?? '') as ControllerRole | '', peer_ip: e.peer_ip, dtm: e.dtm, quit_dtm: quits.get(e.sessionid) ?? 0 }));
  return out.sort((a, b) => a.dtm - b.dtm);
}

/** Reads the session's actors once into a report snapshot. */
export function takeReportSnapshot(session: AnyActorRef, meta: { mrId: string; scene: MrScene; nowSecs?: number }): ReportSnapshot {
  const now = meta.nowSecs ?? Math.floor(Date.now() / 1000);
  const att = snap(session, 'attendance');
  const meeting = snap(session, 'meeting');
  const info = meeting ? meetingSelectors.selectMeetingInfo(meeting) : null;
  const activity = snap(session, 'activity');
  const quality = snap(session, 'qualityHistory');
  const transcript = snap(session, 'transcript');
  const transcriptLines = transcript ? transcriptSelectors.selectAllTranscriptLines(transcript) : [];
  const facts = att ? attendanceSelectors.selectAttendanceServerFacts(att) : {};
  const thresholds = quality ? qualityHistorySelectors.selectThresholds(quality) : { lossPct: 5, jitterMs: 40 };
  return {
    format: REPORT_FORMAT,
    mr_id: meta.mrId,
    title: info?.mr_name ?? '',
    scene: info?.mr_scene ?? meta.scene,
    taken_at: now,
    meeting_start: (att ? attendanceSelectors.selectMeetingStart(att) : 0) || info?.real_launch_dtm || 0,
    ...(facts.meetingEnd ? { meeting_end: facts.meetingEnd } : {}),
    source: att ? attendanceSelectors.selectAttendanceSource(att) : null,
    since: att ? attendanceSelectors.selectAttendanceSince(att) : now,
    controllers: controllersOf(session),
    records: att ? attendanceSelectors.selectAttendanceRecords(att).slice() : [],
    quality: {
      window_minutes: 30,
      loss_threshold: thresholds.lossPct,
      jitter_threshold: thresholds.jitterMs,
      rows: quality ? qualityRows(qualityHistorySelectors.selectQualityStore(quality), thresholds) : [],
    },
    activity: summariseActivity(
      activity ? activitySelectors.selectActivityEntries(activity) : [],
      activity ? activitySelectors.selectActivitySource(activity) : null,
    ),
    ...(transcriptLines.length ? { transcript: { total: transcriptLines.length, lines: transcriptLines.slice() } } : {}),
    ...(facts.reportToken ? { report_token: facts.reportToken } : {}),
    ...(facts.expiresAt ? { expires_at: facts.expiresAt } : {}),
  };
}
