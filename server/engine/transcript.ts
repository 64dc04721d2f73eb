/**
 * (assumed, group audio-to-text) The live transcript of a meeting: every line the recogniser
 * heard (server/sim/asr.ts), kept in the store so it survives a restart and the meeting report
 * can show it after the meeting ended.
 *
 * Bounded: a meeting keeps at most {@link TRANSCRIPT_CAP} lines (a four-hour meeting of two busy
 * talkers makes about 6,000, so the oldest go first), each at most {@link LINE_MAX_CHARS} of text;
 * a room keeps the lines of its last meeting only (they go when the next meeting speaks). A page
 * answers at most {@link TRANSCRIPT_PAGE_MAX} lines.
 */
import type { TranscriptLine, TranscriptPage } from '../../protocol/wire';
import type { Store, StoreOp } from '../store/types';

export const TRANSCRIPT_COLLECTION = 'transcript';
/** lines kept per meeting */
export const TRANSCRIPT_CAP = 3000;
/** lines one page answers at most */
export const TRANSCRIPT_PAGE_MAX = 1000;
/** characters of text kept per line */
export const LINE_MAX_CHARS = 200;
const NAME_MAX_CHARS = 128;

/** the store key of a line: room, meeting number and id, so keys sort in order per meeting */
const keyOf = (mrId: string, meetingNo: number, id: number) => `${mrId}/${meetingNo}/${String(id).padStart(12, '0')}`;

interface Kept {
  meetingNo: number;
  ids: number[];
}

export class TranscriptLog {
  /** per room: the meeting its kept lines belong to and their ids, oldest first (loaded on first use) */
  private readonly kept = new Map<string, Kept>();

  constructor(private readonly store: Store) {}

  private keptOf(mrId: string, meetingNo: number): Kept {
    let kept = this.kept.get(mrId);
    if (!kept) {
      const prefix = `${mrId}/`;
      const rows = this.store
        .keys(TRANSCRIPT_COLLECTION)
        .filter((k) => k.startsWith(prefix))
        .map((k) => k.slice(prefix.length).split('/').map(Number) as [number, number]);
      const newest = rows.reduce((m, [no]) => Math.max(m, no), 0);
      kept = {
        meetingNo: newest,
        ids: rows
          .filter(([no]) => no === newest)
          .map(([, id]) => id)
          .sort((a, b) => a - b),
      };
      this.kept.set(mrId, kept);
    }
    if (kept.meetingNo !== meetingNo && meetingNo > kept.meetingNo) {
      // a new meeting of the room speaks: the last meeting's lines go
      const ops: StoreOp[] = kept.ids.map((id) => ({
        op: 'delete',
        collection: TRANSCRIPT_COLLECTION,
        key: keyOf(mrId, kept!.meetingNo, id),
      }));
      if (ops.length) void this.store.batch(ops).catch(() => undefined);
      kept.meetingNo = meetingNo;
      kept.ids = [];
    }
    return kept;
  }

  /** Keeps one line of the room's current meeting and returns it with its id (written without waiting: a lost line is only a lost line). */
  append(mrId: string, meetingNo: number, line: Omit<TranscriptLine, 'id'>): TranscriptLine {
    const kept = this.keptOf(mrId, meetingNo);
    const id = (kept.ids[kept.ids.length - 1] ?? 0) + 1;
    const full: TranscriptLine = {
      ...line,
      id,
      name: line.name.slice(0, NAME_MAX_CHARS),
      text: line.text.slice(0, LINE_MAX_CHARS),
    };
    kept.ids.push(id);
    const ops: StoreOp[] = [{ op: 'put', collection: TRANSCRIPT_COLLECTION, key: keyOf(mrId, meetingNo, id), value: full }];
    while (kept.ids.length > TRANSCRIPT_CAP)
      ops.push({ op: 'delete', collection: TRANSCRIPT_COLLECTION, key: keyOf(mrId, meetingNo, kept.ids.shift()!) });
    void this.store.batch(ops).catch(() => undefined);
    return full;
  }

  /** Lines of the room's last meeting after id `after` (all when 0), oldest first, at most `limit`. */
  page(mrId: string, meetingNo: number, after: number, limit: number): Omit<TranscriptPage, 'cmdid'> {
    const kept = this.keptOf(mrId, meetingNo);
    const lines: TranscriptLine[] = [];
    let i = kept.ids.findIndex((id) => id > after);
    if (i < 0) i = kept.ids.length;
    for (; i < kept.ids.length && lines.length < limit; i++) {
      const line = this.store.get<TranscriptLine>(TRANSCRIPT_COLLECTION, keyOf(mrId, kept.meetingNo, kept.ids[i]));
      if (line) lines.push(line);
    }
    const page: Omit<TranscriptPage, 'cmdid'> = { lines, total: kept.ids.length };
    if (i < kept.ids.length && lines.length) page.next_after = lines[lines.length - 1].id;
    return page;
  }
}
