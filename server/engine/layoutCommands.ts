/**
 * The commands of what the endpoints see besides each other: `config_mosic` (layouts per role,
 * with the roll-call view they imply), `set_title` (banners per target) and
 * `mod_subtitle_position`. Validate, then apply, as every command (commands.ts).
 */
import { RC } from '../../protocol/codes';
import type { MosicConfigEntry, MrStatus, TitleConfig, TitleTarget } from '../../protocol/wire';
import { TITLE_SPEED_MAX } from '../../protocol/titles';
import type { EngineCore } from './engineCore';
import type { SessionState } from './engineConfig';
import { badField, refused } from './errors';
import { LAYOUT_PANES, POLL_INTERVALS, defaultCustomConfig } from './mosaics';
import type { Room } from './room';
import { TITLE_TARGETS } from './titles';
import { bit, int, oneOf, str, type Body } from './validate';

/** The pane tokens of facts §5.6: `"0"` auto-assign, `"-1"` empty, `"1010"` the main venue. */
const PANE_TOKENS = new Set(['0', '-1', '1010']);
/**
 * `"-2"` ("unset") is Podium's own token, which consoles before issue 23 sent for an automatic
 * pane. Podium mode still takes it, as `"0"` (what it meant), so such a console keeps working;
 * platform mode refuses it like any token the platform's clients do not have.
 */
const LEGACY_UNSET = '-2';

/** `config_mosic`: validated per-role layouts; `auto` clears the custom configuration. */
export function configMosic(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
  const list = body.config_info;
  if (!Array.isArray(list) || list.length === 0 || list.length > 4) throw badField('config_info');
  const next = room.record.mosaic.map((c) => ({ ...c, roles_lst: c.roles_lst.map((p) => [...p]) }));
  let clearCustom = false;
  const seen = new Set<string>();
  for (const raw of list) {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw badField('config_info');
    const c = raw as Body;
    const role = oneOf(c, 'role', ['speaker', 'chair', 'guest', 'custom'] as const);
    if (seen.has(role)) throw badField('role', RC.valueOutOfRange);
    seen.add(role);
    const layoutMode = int(c, 'layout_mode', -100, 100);
    if (layoutMode !== 2) throw refused(RC.traditionalMosaicUnsupported, 'layout_mode');
    const mosicId = str(c, 'mosic_id', { max: 16 });
    const panes = mosicId === 'auto' ? 0 : LAYOUT_PANES.get(mosicId);
    if (panes === undefined || (role === 'custom' && mosicId === 'auto')) throw refused(RC.invalidMosaicId, mosicId);
    // the resource template caps the panes of a layout (resource_tmpl_info max_mosic)
    const maxPanes = room.record.resourceTmpl.maxMosic;
    if (maxPanes > 0 && panes > maxPanes) throw refused(RC.mosaicOverTemplate, mosicId);
    const pollSecs = c.poll_secs === undefined ? 10 : int(c, 'poll_secs', 0, 3600);
    if (!(POLL_INTERVALS as readonly number[]).includes(pollSecs)) throw badField('poll_secs', RC.valueOutOfRange);
    const viewHasSelf = c.view_has_self === undefined ? 0 : bit(c, 'view_has_self');
    let roles: string[][] = [];
    if (mosicId !== 'auto') {
      const rl = c.roles_lst;
      if (!Array.isArray(rl) || rl.length !== panes) throw refused(RC.invalidPaneToken, 'roles_lst');
      roles = rl.map((pane) => {
        if (!Array.isArray(pane) || pane.length === 0 || pane.length > 64) throw refused(RC.invalidPaneToken, 'roles_lst');
        return pane.map((tok) => {
          if (typeof tok !== 'string') throw refused(RC.invalidPaneToken, String(tok));
          if (tok === LEGACY_UNSET && engine.config.wire !== 'platform') return '0';
          if (!PANE_TOKENS.has(tok) && !room.endpoints.has(tok)) throw refused(RC.invalidPaneToken, tok);
          return tok;
        });
      });
    }
    const paneIndex = (f: string) => {
      // platform mode has no pane marks (facts §5.6): ignored like any field the platform lacks
      if (c[f] === undefined || engine.config.wire === 'platform') return -1;
      return int(c, f, -1, Math.max(-1, panes - 1));
    };
    const entry: MosicConfigEntry = {
      role,
      mosic_id: mosicId,
      layout_mode: 2,
      roles_lst: roles,
      poll_secs: pollSecs,
      view_has_self: viewHasSelf,
      focus_pane: paneIndex('focus_pane'),
      content_pane: paneIndex('content_pane'),
      special_pane: paneIndex('special_pane'),
    };
    const i = next.findIndex((x) => x.role === role);
    if (i >= 0) next[i] = entry;
    else next.push(entry);
    if (mosicId === 'auto') clearCustom = true;
  }
  if (clearCustom) {
    const i = next.findIndex((x) => x.role === 'custom');
    if (i >= 0 && !seen.has('custom')) next[i] = defaultCustomConfig();
  }
  room.record.mosaic = next;
  room.recordDirty = true;
  room.emit({ cmdid: 'mosic_config', config_info: room.mosaicConfig() });
  const view = rollCallViewOfLayout(
    room,
    next.find((x) => x.role === 'guest'),
  );
  if (view && seen.has('guest')) room.setStatus({ rollcall_view: view });
}

/**
 * What the audience sees of a roll call, read from the guest layout of the roll-call recipe
 * (facts §5.6): `"1"` `[[called]]` is the called alone, `"1*1"` `[["1010"],[called]]` the main
 * venue beside them. Any other layout says nothing (undefined).
 */
function rollCallViewOfLayout(room: Room, guest: MosicConfigEntry | undefined): MrStatus['rollcall_view'] | undefined {
  const called = room.status.roll_call === 1 ? room.status.rollcall_usr_id : '';
  if (!called || !guest) return undefined;
  const panes = guest.roles_lst.map((p) => p.join(','));
  if (guest.mosic_id === '1' && panes[0] === called) return 'called_only';
  if (guest.mosic_id === '1*1' && panes[0] === '1010' && panes[1] === called) return 'with_speaker';
  return undefined;
}

/** `set_title`: one target, or every target for `to_role: "all"`. */
export function setTitle(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
  const toRole = oneOf(body, 'to_role', TITLE_TARGETS) as TitleTarget;
  const message = str(body, 'message', { optional: true, max: 5000, trim: false });
  if ([...message].length > 256) throw refused(RC.titleTooLong, 'message');
  if (/[\t\r\n]/.test(message)) throw badField('message', RC.valueOutOfRange);
  const current = room.record.titles.find((t) => t.to_role === toRole)!;
  const num = (f: keyof TitleConfig, min: number, max: number) => (body[f] === undefined ? (current[f] as number) : int(body, f, min, max));
  const patch: Omit<TitleConfig, 'to_role'> = {
    message,
    has_title: body.has_title === undefined ? current.has_title : bit(body, 'has_title'),
    font_size: num('font_size', 8, 200),
    font_color: num('font_color', 0, 0xffffff),
    bg_color: num('bg_color', 0, 0xffffff),
    bg_alpha: num('bg_alpha', 0, 100),
    font_name: body.font_name === undefined ? current.font_name : str(body, 'font_name', { max: 64 }) || 'san',
    speed: num('speed', 0, TITLE_SPEED_MAX),
    y_pos: num('y_pos', 0, 100),
    h_align: num('h_align', 0, 2),
    v_align: num('v_align', 0, 2),
    h_margin: num('h_margin', 0, 1000),
    v_margin: num('v_margin', 0, 1000),
    style: body.style === undefined ? (current.style ?? 0) : int(body, 'style', 0, 3),
    shadow: body.shadow === undefined ? (current.shadow ?? 0) : bit(body, 'shadow'),
  };
  room.record.titles = room.record.titles.map((t) => (toRole === 'all' || t.to_role === toRole ? { ...t, ...patch } : t));
  // The platform's client sets a banner for everyone as one `set_title` per role (facts §5.7):
  // once the three roles carry the same banner, podium's `all` target is that banner too, so a
  // console reading `all` sees what was set.
  if (toRole !== 'all') {
    const strip = ({ to_role: _r, ...rest }: TitleConfig) => JSON.stringify(rest);
    const roles = room.record.titles.filter((t) => t.to_role === 'guest' || t.to_role === 'speaker' || t.to_role === 'chair');
    if (roles.length === 3 && roles.every((t) => strip(t) === strip(roles[0]))) {
      room.record.titles = room.record.titles.map((t) => (t.to_role === 'all' ? { ...roles[0], to_role: 'all' } : t));
    }
  }
  room.recordDirty = true;
  room.emit(room.titleConfig());
  const anyOn = room.record.titles.some((t) => t.has_title === 1) ? 1 : 0;
  room.setStatus({ title_enabled: anyOn });
}

export function modSubtitlePosition(engine: EngineCore, sess: SessionState, room: Room, body: Body): void {
  room.setStatus({
    subtitle_position: {
      horizontal_position: oneOf(body, 'horizontal_position', ['left', 'center', 'right'] as const),
      vertical_position: oneOf(body, 'vertical_position', ['top', 'middle', 'bottom'] as const),
      horizontal_margin: int(body, 'horizontal_margin', 0, 100),
      vertical_margin: int(body, 'vertical_margin', 0, 100),
    },
  });
}
