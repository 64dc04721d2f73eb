/**
 * Opens the meeting report in a tab of its own, from a snapshot of the session kept in the
 * browser: the tab needs no session, so it stays readable after the meeting ended.
 */
import type { AnyActorRef } from 'xstate';
import type { MrScene } from '@protocol/wire';
import { currentBasePath } from '#/api/basePath';
import { MR_ID } from '#/search';
import { saveReportSnapshot, takeReportSnapshot } from './reportSnapshot';

/** The report page's address for a meeting (under the frame prefix, if any). */
export function reportUrl(mrId: string): string {
  return `${currentBasePath()}/report?${MR_ID}=${encodeURIComponent(mrId)}`;
}

/** Takes and keeps the snapshot, then opens the report; false when the browser refused to keep it. */
export function openReport(session: AnyActorRef, mrId: string, scene: MrScene): boolean {
  const snapshot = takeReportSnapshot(session, { mrId, scene });
  // a history over the browser's quota is read from the server by the report's token instead
  const saved = saveReportSnapshot(snapshot) || (!!snapshot.report_token && saveReportSnapshot({ ...snapshot, records: [], records_on_server: true }));
  if (saved) window.open(reportUrl(mrId), '_blank', 'noopener');
  return saved;
}
