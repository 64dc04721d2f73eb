import { useEffect, useState } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { MR_ID } from '#/search';
import { ReportMissing, ReportPage } from '#/features/attendance/ReportPage';
import { loadReportSnapshot, saveReportSnapshot } from '#/features/attendance/reportStore';
import { refreshReport } from '#/features/attendance/refreshReport';
import type { ReportSnapshot } from '#/features/attendance/reportModel';

/**
 * The meeting report (issue 29): needs no session. It reads the snapshot the console kept in this
 * browser (IndexedDB, reportStore.ts), then the server's attendance with the meeting's report token
 * while the server keeps it.
 */
export const Route = createFileRoute('/report')({
  component: ReportRoute,
});

function ReportRoute() {
  const mrId = String(Route.useSearch()[MR_ID] ?? '');
  // undefined while the browser reads its copy: "no report" is said only once it has looked
  const [report, setReport] = useState<ReportSnapshot | null | undefined>(undefined);
  const [refreshed, setRefreshed] = useState<'server' | 'snapshot'>('snapshot');
  useEffect(() => {
    const abort = new AbortController();
    setReport(undefined);
    void loadReportSnapshot(mrId).then((kept) => {
      if (abort.signal.aborted) return;
      setReport(kept);
      if (!kept) return;
      void refreshReport(kept, abort.signal).then(async (fresh) => {
        if (!fresh || abort.signal.aborted) return;
        setReport(fresh);
        setRefreshed('server');
        // kept again when it fits; else the next visit reads the server again
        if (!(await saveReportSnapshot(fresh))) await saveReportSnapshot({ ...fresh, records: [], records_on_server: true });
      });
    });
    return () => abort.abort();
  }, [mrId]);
  if (report === undefined) return null;
  return report ? <ReportPage report={report} refreshed={refreshed} /> : <ReportMissing mrId={mrId} />;
}
