/**
 * (podium) Run of show (issue 28), Podium's own calls of the assumption group `run-of-show`
 * (protocol/runOfShow.ts has the wire):
 *
 * - `GET {P}run-of-show`: the document, its revision and the live state;
 * - `PUT {P}run-of-show` (or `POST` with `cmdid: 'put_run_of_show'`, the console's transport has
 *   POST only): saves the document when `revision` is the stored one, else 409 `recordConflict`
 *   with `current` (the stored answer), so two controllers never overwrite each other unseen;
 * - `POST {P}run-of-show` `take_segment` / `undo_take` / `hold_segment` / `rehearsal_mode`: one
 *   command each through the engine's command runner (once per req_id, its events and ONE activity
 *   entry in one turn; the run-of-show record in the command's own store batch). The answer has
 *   the state and the revision, and the document too when the command wrote a new revision (a Take
 *   in rehearsal mode records `rehearsed_secs`), so the console need not read it again.
 *
 * Every field is checked; a refusal changes nothing.
 */
import { RC } from '../../protocol/codes';
import { RUN_OF_SHOW_COMMANDS, validateRunOfShow, type RunOfShowAnswer } from '../../protocol/runOfShow';
import type { Engine, SessionState } from '../engine/engine';
import { badField } from '../engine/errors';
import type { Room } from '../engine/room';
import {
  emitRunOfShow,
  holdSegment,
  rehearsalMode,
  RunOfShowBook,
  takeSegment,
  undoTake,
  writeWithCommand,
  type StoredRunOfShow,
} from '../engine/runOfShow';
import { asBody, bit, int, reqId, type Body } from '../engine/validate';
import { json, type ApiRequest, type ApiResult, type Router } from './router';

type Guarded = (req: ApiRequest) => Promise<ApiResult>;

/** A C0 control character (U+0000–U+001F): never part of a plain id. */
const hasControlCharacter = (s: string) => [...s].some((c) => c.charCodeAt(0) < 0x20);

/** `substitutes` of a Take: absent, or an object of at most 100 usr_id → usr_id (plain ids). */
function substitutesOf(body: Body): Record<string, string> {
  const v = body.substitutes;
  if (v === undefined) return {};
  const id = (x: unknown) => typeof x === 'string' && x.length > 0 && x.length <= 128 && !hasControlCharacter(x);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw badField('substitutes', RC.valueOutOfRange);
  const entries = Object.entries(v as Record<string, unknown>);
  if (entries.length > 100 || !entries.every(([k, x]) => id(k) && id(x))) throw badField('substitutes', RC.valueOutOfRange);
  return Object.fromEntries(entries) as Record<string, string>;
}

/** Registers the calls (before the assumed-call gate, which hides them in platform mode without the group). */
export function registerRunOfShowRoutes(
  router: Router,
  engine: Engine,
  sessionPrefix: string,
  session: (handler: (req: ApiRequest, sess: SessionState, room: Room) => ApiResult | Promise<ApiResult>) => Guarded,
  activityLog: boolean,
): RunOfShowBook {
  const book = new RunOfShowBook(engine.store);
  const path = `${sessionPrefix}run-of-show`;

  router.get(
    path,
    session((_req, sess) => json(200, book.answer(sess.mrId))),
  );

  const put = async (body: Body, sess: SessionState, room: Room): Promise<ApiResult> => {
    for (const k of Object.keys(body)) if (!['cmdid', 'req_id', 'revision', 'doc'].includes(k)) throw badField(k, RC.unknownAction);
    const revision = int(body, 'revision', 0, Number.MAX_SAFE_INTEGER);
    const checked = validateRunOfShow(body.doc);
    if (!checked.ok) {
      const first = checked.errors[0];
      return json(400, {
        cmdid: 'error',
        result: RC.valueOutOfRange,
        detail: `doc.${first.path}`.replace(/\.$/, ''),
        errors: checked.errors,
      });
    }
    const stored = book.stored(sess.mrId);
    if (revision !== stored.revision) {
      const current: RunOfShowAnswer = book.answer(sess.mrId);
      return json(409, { cmdid: 'error', result: RC.recordConflict, detail: 'revision', current });
    }
    const next: StoredRunOfShow = { ...stored, revision: stored.revision + 1, doc: checked.doc };
    // segments moved or removed: the cue follows the segment on air by id, or is lost with it
    const onAir = stored.doc.segments[stored.state.current]?.id;
    const at = onAir === undefined ? -1 : checked.doc.segments.findIndex((s) => s.id === onAir);
    const prevId = stored.doc.segments[stored.state.previous]?.id;
    next.state = {
      ...stored.state,
      current: at,
      previous: prevId === undefined ? -1 : checked.doc.segments.findIndex((s) => s.id === prevId),
      taken_at: at < 0 ? 0 : stored.state.taken_at,
    };
    await book.write(sess.mrId, next);
    emitRunOfShow(room, next);
    room.flush();
    return json(200, { cmdid: 'run_of_show', revision: next.revision, state: next.state });
  };

  /** take / undo / hold / rehearsal: one engine command, the record written in its store batch. */
  const step = async (body: Body, sess: SessionState, cmdid: string): Promise<ApiResult> => {
    let next: StoredRunOfShow | undefined;
    // the activity body is filled before the step runs, so a refused Take names its segment too
    const activityBody: Record<string, unknown> = { cmdid };
    const apply = (room: Room) => {
      const stored = book.stored(sess.mrId);
      if (cmdid === 'take_segment') {
        const index = int(body, 'index', 0, 10_000);
        Object.assign(activityBody, { segment: stored.doc.segments[index]?.name ?? '', index });
        const substitutes = substitutesOf(body);
        if (Object.keys(substitutes).length) activityBody.substitutes = substitutes;
        next = takeSegment(engine, sess, room, stored, index, substitutes);
      } else if (cmdid === 'undo_take') {
        Object.assign(activityBody, { segment: stored.doc.segments[stored.state.previous]?.name ?? '' });
        next = undoTake(engine, sess, room, stored);
      } else if (cmdid === 'rehearsal_mode') {
        const on = bit(body, 'value') === 1;
        Object.assign(activityBody, { value: on ? 1 : 0 });
        next = rehearsalMode(stored, on);
      } else {
        const on = bit(body, 'value') === 1;
        Object.assign(activityBody, { segment: stored.doc.segments[stored.state.current]?.name ?? '', value: on ? 1 : 0 });
        next = holdSegment(engine, stored, on);
      }
      // the record goes into the command's own store batch (engine.command: runOfShowWrites)
      writeWithCommand(room, sess.mrId, next);
      emitRunOfShow(room, next);
      // a new revision (a Take in rehearsal mode) carries its document: the console that sent the
      // command then has it, and the feed's event of the same revision costs it no second read
      return next.revision === stored.revision
        ? { state: next.state, revision: next.revision }
        : { state: next.state, revision: next.revision, doc: next.doc };
    };
    const ans = await engine.command(sess, reqId(body), apply, activityLog ? { cmdid, body: activityBody } : undefined);
    return json(ans.status, ans.body);
  };

  const post = session(async (req, sess, room) => {
    const body = asBody(req.body);
    const cmdid = typeof body.cmdid === 'string' ? body.cmdid : '';
    if (cmdid === 'put_run_of_show') return put(body, sess, room);
    if ((RUN_OF_SHOW_COMMANDS as readonly string[]).includes(cmdid)) return step(body, sess, cmdid);
    throw badField('cmdid', RC.unknownAction);
  });
  router.post(path, post);
  router.add(
    'PUT',
    path,
    session((req, sess, room) => put(asBody(req.body), sess, room)),
  );
  return book;
}
