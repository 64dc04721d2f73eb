/**
 * (podium) A segment's timer on the endpoints (issue 28): when the segment on air says so
 * (`timer.on_endpoints`), the server, which owns the run-of-show state and the meeting's subtitle,
 * writes "2:00 left" (then "+0:30 over") into the banner of the chosen role on every tick where the
 * text changes — once a minute, every 10 s in the last minute. The segment's own banner for that
 * role is kept in front of it. When the segment ends (Take, undo, the document changed) the banner
 * goes back to the segment's own one, or off.
 */
import { bannerMessage, defaultBanner, endpointTimerText, timerAt, type Segment, type SegmentBanner } from '../../protocol/runOfShow';
import type { TitleConfig } from '../../protocol/wire';
import type { Store } from '../store/types';
import type { Room } from './room';
import { RUN_OF_SHOW_COLLECTION, type StoredRunOfShow } from './runOfShow';

const MESSAGE_MAX = 256;

/** What this room's banner shows of a timer now, to write only on a change and to know when it ends. */
const shown = new WeakMap<Room, { role: SegmentBanner['to_role']; message: string; takeSeq: number; takenAt: number; segment: Segment }>();

/** The banner message for a segment's timer text (the segment's banner for that role first). */
export function timerBanner(seg: Segment, text: string): { role: SegmentBanner['to_role']; message: string; look: SegmentBanner } {
  const role = seg.timer?.to_role ?? seg.banner?.to_role ?? 'all';
  const own = seg.banner && seg.banner.to_role === role ? seg.banner : undefined;
  const base = own ? bannerMessage(own) : '';
  const room = MESSAGE_MAX - [...text].length - 3;
  const message = base ? `${[...base].slice(0, room).join('')} · ${text}` : text;
  return { role, message, look: own ?? { ...defaultBanner({}), to_role: role } };
}

/** Writes a title to one target (or every target for 'all') as `set_title` does, and tells the controllers. */
function writeTitle(room: Room, role: SegmentBanner['to_role'], message: string, look: SegmentBanner | undefined): void {
  const patch: Partial<TitleConfig> = { message, has_title: message ? 1 : 0 };
  if (look) {
    const { text: _t, to_role: _r, ...rest } = look;
    Object.assign(patch, rest);
  }
  room.record.titles = room.record.titles.map((t) => (role === 'all' || t.to_role === role ? { ...t, ...patch } : t));
  room.recordDirty = true;
  room.emit(room.titleConfig());
  room.setStatus({ title_enabled: room.record.titles.some((t) => t.has_title === 1) ? 1 : 0 });
}

/** One tick of a running room: the timer's banner text, written when it changes. */
export function tickSegmentTimer(store: Store, room: Room, nowSecs: number): void {
  const stored = store.get<StoredRunOfShow>(RUN_OF_SHOW_COLLECTION, room.mrId);
  const st = stored?.state;
  const seg = stored?.doc.segments[st!.current];
  const active = st && seg?.timer?.on_endpoints && st.taken_at > 0 ? seg : undefined;
  const before = shown.get(room);
  if (before && (!active || active.id !== before.segment.id || st!.taken_at !== before.takenAt)) {
    // the timer's segment is over. A Take that sets a banner, or an undo, has written the banner
    // already; otherwise the timer's segment's own banner goes back (or the banner off).
    const stepped = st !== undefined && st.take_seq !== before.takeSeq;
    const undone = stepped && !st.can_undo;
    const setsBanner = stepped && seg?.banner !== undefined;
    if (!undone && !setsBanner) {
      const own = before.segment.banner && before.segment.banner.to_role === before.role ? before.segment.banner : undefined;
      writeTitle(room, before.role, own ? bannerMessage(own) : '', own);
    }
    shown.delete(room);
  }
  if (!active || !st) return;
  const { left } = timerAt(st, active, nowSecs);
  const { role, message, look } = timerBanner(active, endpointTimerText(left));
  const last = shown.get(room);
  if (last && last.message === message) {
    last.takeSeq = st.take_seq;
    return;
  }
  writeTitle(room, role, message, look);
  shown.set(room, { role, message, takeSeq: st.take_seq, takenAt: st.taken_at, segment: active });
}
