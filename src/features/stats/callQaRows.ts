/**
 * The rows of a `get_call_qa_rsp` summary: its flat keys (`video_rx_lost_rate`, `audio_tx_jitter`,
 * `content_rx_bitrate`…) grouped per stream and direction, in a fixed order, only the streams it
 * names. Unknown keys are left out.
 */
export interface QaRow {
  kind: 'audio' | 'video' | 'content';
  dir: 'rx' | 'tx';
  bitrate?: number;
  loss?: number;
  jitter?: number;
}

const KINDS = ['audio', 'video', 'content'] as const;
const DIRS = ['rx', 'tx'] as const;

/**
 * @example qaRows({ video_rx_lost_rate: 2, video_rx_bitrate: 900 }) // [{ kind: 'video', dir: 'rx', bitrate: 900, loss: 2, jitter: undefined }]
 */
export function qaRows(qa: Readonly<Record<string, number>>): QaRow[] {
  const rows: QaRow[] = [];
  for (const kind of KINDS) {
    for (const dir of DIRS) {
      const key = (m: string) => qa[`${kind}_${dir}_${m}`];
      const row = { kind, dir, bitrate: key('bitrate'), loss: key('lost_rate'), jitter: key('jitter') };
      if (row.bitrate !== undefined || row.loss !== undefined || row.jitter !== undefined) rows.push(row);
    }
  }
  return rows;
}
