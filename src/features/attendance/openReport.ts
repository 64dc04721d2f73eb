/**
 * Opens the meeting report in a tab of its own, from a snapshot of the session kept in the
 * browser: the tab needs no session, so it stays readable after the meeting ended.
 */
import type { AnyActorRef } from 'xstate';
import type { MrScene } from '@protocol/wire';
import { currentBasePath } from '#/api/basePath';
import { MR_ID } from '#/search';
import { takeReportSnapshot } from './reportSnapshot';
import { saveReportSnapshot } from './reportStore';

/** The report page's address for a meeting (under the frame prefix, if any). */
export function reportUrl(mrId: string): string {
  return `${currentBasePath()}/report?${MR_ID}=${encodeURIComponent(mrId)}`;
}

/**
 * Takes and keeps the snapshot, then opens the report; false when the browser refused to keep it.
 * The tab opens once the snapshot is kept (a few hundred ms at 10,000 people), still within the
 * click's user activation, so popup blockers let it through and the new tab finds it.
 */
export async function openReport(session: AnyActorRef, mrId: string, scene: MrScene): Promise<boolean> {
  const snapshot = takeReportSnapshot(session, { mrId, scene });
  // a history over the browser's quota is read from the server by the report's token instead
  const saved =
    (await saveReportSnapshot(snapshot)) ||
    (!!snapshot.report_token && (await saveReportSnapshot({ ...snapshot, records: [], records_on_server: true })));
  if (saved) window.open(reportUrl(mrId), '_blank', 'noopener');
  return saved;
}
