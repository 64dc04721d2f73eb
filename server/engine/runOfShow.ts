/**
 * (podium) Run of show (issue 28) on the server: each meeting's document with a revision, and its
 * live state (segment on air, when taken, hold), kept in the store so both survive a restart.
 *
 * Take is ONE command: the segment is checked as a whole against the meeting first (who it needs
 * connected, layouts, recorder, live addresses, the controller's rights) and refused as a whole;
 * only then is it applied through the same command steps a console would send one by one, so its
 * events are the ones every console already understands, and late joiners get its layouts and mute
 * policy from the meeting's own state. Before applying, the meeting as it is is captured as a
 * segment: undo takes that capture.
 */
import { RC } from '../../protocol/codes';
import {
  bannerLook,
  captureSegment,
  INITIAL_STATE,
  neededIds,
  PANE_TOKENS,
  substituteSegment,
  SEGMENT_ROLES,
  timerAt,
  titleOfBanner,
  type MeetingView,
  type RunOfShow,
  type RunOfShowAnswer,
  type RunOfShowState,
  type Segment,
  type SegmentMosaic,
  type SegmentRole,
  EMPTY_RUN_OF_SHOW,
} from '../../protocol/runOfShow';
import type { MosicConfigEntry } from '../../protocol/wire';
import type { Store, StoreOp } from '../store/types';
import { checkPermission, configMosic, ctrlMrEps, modMrStatus, setTitle } from './commands';
import type { EngineCore } from './engineCore';
import type { SessionState } from './engineConfig';
import { badField, refused } from './errors';
import { LAYOUT_PANES, POLL_INTERVALS } from './mosaics';
import { POS, type Endpoint, type Room } from './room';
import { liveStartRefusal } from './validate';

export const RUN_OF_SHOW_COLLECTION = 'run_of_show';

/** What the store keeps per meeting (key: mr_id). */
export interface StoredRunOfShow {
  revision: number;
  doc: RunOfShow;
  state: RunOfShowState;
  /** the meeting as it was before the last Take: what undo applies */
  undo?: Segment;
}

/** The meeting as a segment sees it, read from the room. */
export function meetingViewOf(room: Room): MeetingView {
  const st = room.status;
  const eps = [...room.endpoints.values()];
  const mosaics: MeetingView['mosaics'] = {};
  for (const c of room.record.mosaic as MosicConfigEntry[]) {
    mosaics[c.role] = {
      mosic_id: c.mosic_id,
      roles_lst: c.roles_lst.map((p) => [...p]),
      poll_secs: c.poll_secs,
      view_has_self: c.view_has_self,
    };
  }
  const all = room.record.titles.find((t) => t.to_role === 'all');
  const shown = all && all.has_title === 1 ? all : room.record.titles.find((t) => t.has_title === 1);
  return {
    main_venue: st.spk_usr_id,
    guests: eps.filter((ep) => ep.flags[POS.chair] === 1).map((ep) => ep.usrId),
    mosaics,
    banner: shown ? { message: shown.message } : null,
    audience_muted: st.all_guests_mute === 1,
    unmuted: eps.filter((ep) => ep.flags[POS.a_rx] === 1).map((ep) => ep.usrId),
    recording: st.rec_state === 'recording' || st.rec_state === 'starting',
    live: st.live_enabled === 1,
    audience_listen: st.mr_atx_mode !== 1,
    audience_watch: st.mr_vtx_mode !== 1,
    roll_call: st.roll_call === 1 ? st.rollcall_usr_id : '',
    online: new Set(room.endpoints.keys()),
  };
}

export class RunOfShowBook {
  constructor(private readonly store: Store) {}

  stored(mrId: string): StoredRunOfShow {
    return this.store.get<StoredRunOfShow>(RUN_OF_SHOW_COLLECTION, mrId) ?? { revision: 0, doc: EMPTY_RUN_OF_SHOW, state: INITIAL_STATE };
  }

  answer(mrId: string): RunOfShowAnswer {
    const s = this.stored(mrId);
    return { cmdid: 'run_of_show', revision: s.revision, doc: s.doc, state: s.state };
  }

  /** Writes the record; the returned promise resolves once it is durable. */
  write(mrId: string, next: StoredRunOfShow): Promise<void> {
    return this.store.put(RUN_OF_SHOW_COLLECTION, mrId, next);
  }
}

/**
 * A participant joins or reconnects while a segment is on air. The meeting's own state already
 * gives them the segment's layout of their role and its bans (a muted audience binds them again,
 * as the platform does), but someone the segment unmutes by name would come back muted: they are
 * unmuted again, so the segment's mute policy holds for them as for everyone.
 */
export function segmentRejoined(store: Store, room: Room, ep: Endpoint): void {
  const stored = store.get<StoredRunOfShow>(RUN_OF_SHOW_COLLECTION, room.mrId);
  const seg = stored && stored.state.current >= 0 ? stored.doc.segments[stored.state.current] : undefined;
  if (!seg?.mute?.unmute.includes(ep.usrId) || ep.flags[POS.waiting] === 1) return;
  room.setFlag(ep, 'a_rx', 1);
}

/** The `run_of_show` event every controller gets: the revision and the state (the document is read on a new revision). */
export function emitRunOfShow(room: Room, s: StoredRunOfShow): void {
  room.emit({ cmdid: 'run_of_show', revision: s.revision, state: { ...s.state } });
}

/**
 * Checks the whole segment against the meeting; throws the first refusal, naming what fails
 * (every missing participant, comma-separated). Nothing is changed.
 */
export function checkSegment(engine: EngineCore, sess: SessionState, room: Room, seg: Segment, view: MeetingView): void {
  const missing = new Set<string>();
  const need = (id: string) => {
    if (!room.endpoints.has(id)) missing.add(id);
  };
  if (seg.main_venue) need(seg.main_venue);
  if (seg.roll_call?.length) need(seg.roll_call[0]);
  for (const g of seg.guests ?? []) need(g);
  for (const u of seg.mute?.unmute ?? []) need(u);
  for (const role of SEGMENT_ROLES) {
    const m = seg.mosaics?.[role];
    if (!m) continue;
    const panes = m.mosic_id === 'auto' ? 0 : LAYOUT_PANES.get(m.mosic_id);
    if (panes === undefined) throw refused(RC.invalidMosaicId, m.mosic_id);
    if (m.roles_lst.length !== panes) throw refused(RC.invalidPaneToken, `${role}.roles_lst`);
    if (!(POLL_INTERVALS as readonly number[]).includes(m.poll_secs)) throw badField('poll_secs', RC.valueOutOfRange);
    for (const pane of m.roles_lst) for (const tok of pane) if (!PANE_TOKENS.has(tok)) need(tok);
  }
  if (missing.size) {
    const id = [...missing][0];
    throw refused(room.roster.has(id) || missing.size > 1 ? RC.endpointOffline : RC.participantNotFound, [...missing].join(','));
  }
  const st = room.status;
  // the rights of every step checked before the first is applied, so none is refused half-way
  if (seg.listen_watch?.audience_listen !== undefined && seg.listen_watch.audience_listen !== view.audience_listen)
    checkPermission(sess, 'status:mr_atx_mode');
  if (seg.listen_watch?.audience_watch !== undefined && seg.listen_watch.audience_watch !== view.audience_watch)
    checkPermission(sess, 'status:mr_vtx_mode');
  if (seg.roll_call?.length) checkPermission(sess, 'eps:roll_call_start');
  if (seg.roll_call && view.roll_call) checkPermission(sess, 'eps:roll_call_end');
  if (seg.recording !== undefined && seg.recording !== view.recording) {
    checkPermission(sess, 'status:enable_rec');
    if (seg.recording && !room.record.resourceTmpl.hasRecord) throw refused(RC.recorderUnavailable);
    if (!seg.recording && st.rec_state !== 'recording' && st.rec_state !== 'starting') throw refused(RC.recordingNotRunning);
  }
  if (seg.live !== undefined && seg.live !== view.live) {
    checkPermission(sess, 'status:enable_live');
    const refusal = seg.live ? liveStartRefusal(st) : undefined;
    if (refusal !== undefined) throw refused(refusal, 'live');
  }
}

/** Applies a checked segment through the meeting's own command steps (their events go out as usual). */
export function applySegment(engine: EngineCore, sess: SessionState, room: Room, seg: Segment, view: MeetingView): void {
  if (seg.main_venue !== undefined && seg.main_venue !== view.main_venue) {
    ctrlMrEps(
      engine,
      sess,
      room,
      seg.main_venue ? { action: 'speaker', usr_ids: [seg.main_venue], value: 1 } : { action: 'speaker', usr_ids: [], value: 0 },
    );
  }
  if (seg.guests) {
    const want = new Set(seg.guests);
    const off = view.guests.filter((g) => !want.has(g) && room.endpoints.has(g));
    const on = seg.guests.filter((g) => !view.guests.includes(g));
    if (off.length) ctrlMrEps(engine, sess, room, { action: 'chair', usr_ids: off, value: 0 });
    if (on.length) ctrlMrEps(engine, sess, room, { action: 'chair', usr_ids: on, value: 1 });
  }
  // the roll call first: its layout (the called alone for the main venue, beside the main venue for
  // the audience, as the roll-call dialog sets it) gives way to the layouts the segment sets itself
  const rollLayouts: Partial<Record<SegmentRole, SegmentMosaic>> = {};
  if (seg.roll_call && view.roll_call) ctrlMrEps(engine, sess, room, { action: 'roll_call_end', usr_ids: [] });
  // the mute policy before a roll call starts: while one is on, unmuting one participant calls them
  if (seg.mute) {
    if (seg.mute.audience_muted !== view.audience_muted)
      modMrStatus(engine, sess, room, { all_guests_mute: seg.mute.audience_muted ? 1 : 0 });
    const now = meetingViewOf(room).unmuted;
    const unmute = seg.mute.unmute.filter((u) => !now.includes(u));
    if (unmute.length) ctrlMrEps(engine, sess, room, { action: 'a_rx', usr_ids: unmute, value: 1 });
  }
  if (seg.roll_call?.length) {
    const first = seg.roll_call[0];
    ctrlMrEps(engine, sess, room, { action: 'roll_call_start', usr_ids: [first], value: 'with_speaker' });
    rollLayouts.speaker = { mosic_id: '1', roles_lst: [[first]], poll_secs: 10, view_has_self: 0 };
    rollLayouts.guest = { mosic_id: '1*1', roles_lst: [['1010'], [first]], poll_secs: 10, view_has_self: 0 };
  }
  const wanted = { ...rollLayouts, ...seg.mosaics };
  const layouts = SEGMENT_ROLES.flatMap((role) => {
    const m = wanted[role];
    return m
      ? [{ role, mosic_id: m.mosic_id, layout_mode: 2, roles_lst: m.roles_lst, poll_secs: m.poll_secs, view_has_self: m.view_has_self }]
      : [];
  });
  if (layouts.length) configMosic(engine, sess, room, { config_info: layouts });
  if (seg.banner !== undefined) {
    const title = titleOfBanner(seg.banner);
    setTitle(engine, sess, room, seg.banner ? { ...title } : { to_role: 'all', message: '', has_title: 0 });
  }
  if (seg.listen_watch) {
    if (seg.listen_watch.audience_listen !== view.audience_listen)
      modMrStatus(engine, sess, room, { mr_atx_mode: seg.listen_watch.audience_listen ? 0 : 1 });
    if (seg.listen_watch.audience_watch !== view.audience_watch)
      modMrStatus(engine, sess, room, { mr_vtx_mode: seg.listen_watch.audience_watch ? 0 : 1 });
  }
  if (seg.recording !== undefined && seg.recording !== view.recording)
    modMrStatus(engine, sess, room, { enable_rec: seg.recording ? 1 : 0 });
  if (seg.live !== undefined && seg.live !== view.live) modMrStatus(engine, sess, room, { enable_live: seg.live ? 1 : 0 });
}

/**
 * Take of segment `index` (checked, then applied); returns the next stored record. `substitutes`
 * (who stands in for whom, this Take only) may name only participants the segment needs; the
 * segment with them replaced is checked and applied as a whole like any other.
 */
export function takeSegment(
  engine: EngineCore,
  sess: SessionState,
  room: Room,
  stored: StoredRunOfShow,
  index: number,
  substitutes: Record<string, string> = {},
): StoredRunOfShow {
  const planned = stored.doc.segments[index];
  if (!planned) throw badField('index', RC.valueOutOfRange);
  const needed = new Set(neededIds(planned));
  for (const [absent, stand] of Object.entries(substitutes)) {
    if (!needed.has(absent) || PANE_TOKENS.has(stand)) throw badField('substitutes', RC.valueOutOfRange);
  }
  const seg = substituteSegment(planned, substitutes);
  const view = meetingViewOf(room);
  checkSegment(engine, sess, room, seg, view);
  const undo = captureSegment(view, 'undo', 'undo', bannerLook(room.record.titles));
  applySegment(engine, sess, room, seg, view);
  const now = engine.nowSecs();
  const state: RunOfShowState = {
    ...stored.state,
    current: index,
    taken_at: now,
    held_since: 0,
    held_secs: 0,
    previous: stored.state.current,
    can_undo: true,
    take_seq: stored.state.take_seq + 1,
  };
  return { ...withRehearsedTime(stored, now), state, undo };
}

/**
 * In rehearsal mode, the segment on air is given the time it ran (held time left out) as its
 * `rehearsed_secs`: a new revision of the document, written with the Take that ends it.
 */
function withRehearsedTime(stored: StoredRunOfShow, nowSecs: number): StoredRunOfShow {
  const st = stored.state;
  const seg = stored.doc.segments[st.current];
  if (!st.rehearsal || !seg || !st.taken_at) return stored;
  const ran = Math.min(timerAt(st, seg, nowSecs).elapsed, 7 * 24 * 3600);
  const segments = stored.doc.segments.map((s, i) => (i === st.current ? { ...s, rehearsed_secs: ran } : s));
  return { ...stored, revision: stored.revision + 1, doc: { ...stored.doc, segments } };
}

/** Rehearsal mode on or off: while on, each Take records the time of the segment it ends. */
export function rehearsalMode(stored: StoredRunOfShow, on: boolean): StoredRunOfShow {
  if (stored.state.rehearsal === on) return stored;
  return { ...stored, state: { ...stored.state, rehearsal: on, take_seq: stored.state.take_seq + 1 } };
}

// The run-of-show record of a command, handed to the engine's command runner so it goes into the
// same store write as the command's effects and activity entry (one journal line: applied and
// durable as a whole, or not at all). Set only once the command's step has succeeded.
const pendingWrites = new WeakMap<Room, StoreOp[]>();

/** Queues the record to be written with the command being applied in `room`. */
export function writeWithCommand(room: Room, mrId: string, next: StoredRunOfShow): void {
  pendingWrites.set(room, [{ op: 'put', collection: RUN_OF_SHOW_COLLECTION, key: mrId, value: next }]);
}

/** The engine's command runner takes the queued writes into its store batch (empty for other commands). */
export function runOfShowWrites(room: Room): StoreOp[] {
  const ops = pendingWrites.get(room) ?? [];
  pendingWrites.delete(room);
  return ops;
}

/** Undo: the meeting as it was before the last Take, and the cue back on the segment before. */
export function undoTake(engine: EngineCore, sess: SessionState, room: Room, stored: StoredRunOfShow): StoredRunOfShow {
  const undo = stored.undo;
  if (!undo || !stored.state.can_undo) throw refused(RC.valueOutOfRange, 'undo');
  const view = meetingViewOf(room);
  // a participant of the capture who has left since is not needed any more: leave them out
  const present = (id: string) => room.endpoints.has(id);
  const seg: Segment = {
    ...undo,
    main_venue: undo.main_venue && present(undo.main_venue) ? undo.main_venue : '',
    guests: (undo.guests ?? []).filter(present),
    mute: undo.mute && { ...undo.mute, unmute: undo.mute.unmute.filter(present) },
    mosaics: Object.fromEntries(
      Object.entries(undo.mosaics ?? {}).map(([r, m]) => [
        r,
        { ...m!, roles_lst: m!.roles_lst.map((p) => p.map((t) => (PANE_TOKENS.has(t) || present(t) ? t : '0'))) },
      ]),
    ),
  };
  checkSegment(engine, sess, room, seg, view);
  applySegment(engine, sess, room, seg, view);
  // a Take only unmutes: whoever it (or its roll call) unmuted is muted again, or the capture would not come back whole
  if (seg.mute) {
    const keep = new Set(seg.mute.unmute);
    const mute = meetingViewOf(room).unmuted.filter((u) => !keep.has(u));
    if (mute.length) ctrlMrEps(engine, sess, room, { action: 'a_rx', usr_ids: mute, value: 0 });
  }
  const now = engine.nowSecs();
  return {
    ...stored,
    undo: undefined,
    state: {
      ...stored.state,
      current: stored.state.previous,
      previous: -1,
      taken_at: stored.state.previous >= 0 ? now : 0,
      held_since: 0,
      held_secs: 0,
      can_undo: false,
      take_seq: stored.state.take_seq + 1,
    },
  };
}

/** Hold on (the segment's clock stops) or off (it runs on, the held time not counted). */
export function holdSegment(engine: EngineCore, stored: StoredRunOfShow, on: boolean): StoredRunOfShow {
  const st = stored.state;
  if (st.current < 0) throw refused(RC.valueOutOfRange, 'hold');
  const now = engine.nowSecs();
  if (on === st.held_since > 0) return stored;
  const state = on ? { ...st, held_since: now } : { ...st, held_since: 0, held_secs: st.held_secs + (now - st.held_since) };
  return { ...stored, state: { ...state, take_seq: st.take_seq + 1 } };
}
