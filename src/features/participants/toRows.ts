/**
 * Turns the participants machine's merged records into table rows. A record object is replaced
 * by the store when it changes, so rows are cached per record: an unchanged participant keeps
 * the same row object and its memoised table row does not re-render.
 */
import type { Participant, WaitingEntry } from '@machines/index';
import type { ParticipantRow } from './participantModel';

/**
 * The address to show: the endpoint's uri without scheme, port or parameters while online
 * (protocol-facts §5.2), else the invited call address with the platform's comma turned into @.
 * @example displayAddress('sip:alice@10.0.0.5:5060;transport=tcp') // 'alice@10.0.0.5'
 */
export function displayAddress(uri: string, callAddr: string): string {
  if (uri) {
    let s = uri.replace(/^(sips?|h323|tel):/i, '');
    const semi = s.indexOf(';');
    if (semi >= 0) s = s.slice(0, semi);
    return s.replace(/:\d+$/, '');
  }
  return callAddr.replace(',', '@');
}

const cache = new WeakMap<Participant, ParticipantRow>();

function orderOf(p: Participant, index: number): number {
  // pin_sort > 0 is the server's custom order; the rest keep their arrival order after them
  return (p.pin_sort > 0 ? p.pin_sort : 1_000_000) * 100_000 + index;
}

/** Rows of every participant plus waiting-room users the roster does not know yet. */
export function toRows(
  list: readonly Participant[],
  waitingList: readonly WaitingEntry[],
  isWaiting: (usrId: string) => boolean,
): ParticipantRow[] {
  const rows: ParticipantRow[] = new Array(list.length);
  for (let i = 0; i < list.length; i++) {
    const p = list[i];
    const order = orderOf(p, i);
    const waiting = p.online === 1 && isWaiting(p.usr_id);
    let row = cache.get(p);
    if (!row || row.order !== order || row.waiting !== waiting || row.number !== i + 1) {
      row = {
        usrId: p.usr_id,
        name: p.usr_name || p.gbk_name || p.usr_id,
        epId: p.ep_id || null,
        protocol: p.proto_type,
        remoteAddr: displayAddress(p.online ? p.usr_uri : '', p.call_addr),
        online: p.online === 1,
        stats: p.usr_stat,
        order,
        waiting,
        number: i + 1,
        ...(p.hand_up_dtm > 0 ? { handUpAt: p.hand_up_dtm * 1000 } : {}),
        ...(p.dep_name ? { department: p.dep_name } : {}),
        ...(p.usr_appoint === 1 ? { appointed: true } : {}),
      };
      cache.set(p, row);
    }
    rows[i] = row;
  }
  if (waitingList.length) {
    const known = new Set(list.map((p) => p.usr_id));
    for (const w of waitingList) {
      if (known.has(w.usr_id)) continue;
      rows.push({
        usrId: w.usr_id,
        name: w.usr_name || w.gbk_name || w.usr_id,
        epId: w.ep_id || null,
        protocol: 0,
        remoteAddr: displayAddress(w.usr_uri, ''),
        online: true,
        stats: '',
        order: 2_000_000 * 100_000 + rows.length,
        waiting: true,
        number: rows.length + 1,
      });
    }
  }
  return rows;
}
