import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { MR_ID } from '#/search';
import { ReportMissing, ReportPage } from '#/features/attendance/ReportPage';
import { loadReportSnapshot, saveReportSnapshot } from '#/features/attendance/reportSnapshot';
import { refreshReport } from '#/features/attendance/refreshReport';
import type { ReportSnapshot } from '#/features/attendance/reportModel';

/**
 * The meeting report (issue 29): needs no session. It reads the snapshot the console kept in this
 * browser, then the server's attendance with the meeting's report token while the server keeps it.
 */
export const Route = createFileRoute('/report')({
  component: ReportRoute,
});

function ReportRoute() {
  const mrId = String(Route.useSearch()[MR_ID] ?? '');
  const [report, setReport] = useState<ReportSnapshot | null>(() => loadReportSnapshot(mrId));
  const [refreshed, setRefreshed] = useState<'server' | 'snapshot'>('snapshot');
  useEffect(() => {
    const kept = loadReportSnapshot(mrId);
    setReport(kept);
    if (!kept) return;
    const abort = new AbortController();
    void refreshReport(kept, abort.signal).then((fresh) => {
      if (!fresh || abort.signal.aborted) return;
      // kept again when it fits; else the next visit reads the server again
      if (!saveReportSnapshot(fresh)) saveReportSnapshot({ ...fresh, records: [], records_on_server: true });
      setReport(fresh);
      setRefreshed('server');
    });
    return () => abort.abort();
  }, [mrId]);
  return report ? <ReportPage report={report} refreshed={refreshed} /> : <ReportMissing mrId={mrId} />;
}
