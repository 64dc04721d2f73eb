/**
 * CSV and file-download helpers shared by the exports of several panels (activity, attendance,
 * the meeting report). A spreadsheet is the reader: UTF-8 with a byte-order mark, CRLF line
 * ends, local times in a form every spreadsheet reads as a date beside the ISO 8601 time.
 */

/** a byte-order mark: without it Excel reads UTF-8 as the system code page and garbles Chinese names */
export const CSV_BOM = '\uFEFF';

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would run as a formula (=, +, -, @ first) is prefixed with an apostrophe: names
 * come from participants, who choose them.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV document: BOM, header line, one line per row, CRLF after every line. */
export function csvDocument(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}

/** `2026-11-27 09:14:03` in the browser's time zone: a form every spreadsheet reads as a date. */
export function localTimeText(dtm: number): string {
  const d = new Date(dtm * 1000);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}

/** ISO 8601 (UTC) of Unix seconds; '' for none (0 or not finite). */
export function isoTimeText(dtm: number): string {
  return dtm > 0 && Number.isFinite(dtm) ? new Date(dtm * 1000).toISOString() : '';
}

/** A file-name stamp of now, `2026-11-27-09-14-03` (UTC). */
export function fileStamp(now: Date = new Date()): string {
  return now.toISOString().slice(0, 19).replace(/[:T]/g, '-');
}

/** Starts a download of `text` as `fileName`. */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
