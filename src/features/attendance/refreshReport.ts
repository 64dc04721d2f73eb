/**
 * Brings a kept report's attendance up to date from the reference server, also after the meeting
 * ended and its session is gone: `GET /api/v3/podium/attendance` with the meeting's report token
 * (docs/protocol.md, issue 29), every page. Without a token (the platform) or when the server
 * refuses (expired, unreachable) the snapshot stands, and the page says it is a snapshot.
 */
import { decodeAttendancePage } from '@machines/index';
import { ATTENDANCE_PAGE_MAX, type PresenceRecord } from '@protocol/attendance';
import { withBasePath, currentBasePath } from '#/api/basePath';
import type { ReportSnapshot } from './reportModel';

const MAX_PAGES = 100;

export async function refreshReport(
  report: ReportSnapshot,
  signal?: AbortSignal,
  fetchImpl: typeof fetch = fetch,
): Promise<ReportSnapshot | null> {
  if (!report.report_token) return null;
  const records: PresenceRecord[] = [];
  let after: string | undefined;
  let meetingEnd: number | undefined;
  let now = 0;
  let start = 0;
  try {
    for (let i = 0; i < MAX_PAGES; i++) {
      const query = `?limit=${ATTENDANCE_PAGE_MAX}${after === undefined ? '' : `&after=${encodeURIComponent(after)}`}`;
      const res = await fetchImpl(withBasePath(currentBasePath(), `/api/v3/podium/attendance${query}`), {
        headers: { 'report-token': report.report_token },
        signal,
      });
      if (!res.ok) return null;
      const page = decodeAttendancePage(await res.json());
      records.push(...page.records);
      meetingEnd = page.meeting_end;
      now = page.now;
      start = page.meeting_start;
      if (!page.next_after || page.records.length === 0) break;
      after = page.next_after;
    }
  } catch {
    return null;
  }
  const { meeting_end: _end, records_on_server: _onServer, ...rest } = report;
  return {
    ...rest,
    records,
    meeting_start: start || report.meeting_start,
    // "so far" is the server's now while the meeting runs
    taken_at: now || report.taken_at,
    ...(meetingEnd ? { meeting_end: meetingEnd } : {}),
  };
}
