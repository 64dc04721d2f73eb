/**
 * The screen (mosaic) layout as the dialog edits it: one {@link MosaicConfigEntry} per role,
 * the default custom layout, pane tokens, pane geometry for the diagrams, and drag-to-sort.
 * Pure functions; the dialog only holds the draft.
 */
import type { MosaicGroupLike } from './types';
import type { MeetingRole, MosicConfigEntry } from '@protocol/wire';

/** Roles the dialog edits: the three meeting roles plus the custom layout. */
export type MosaicRole = MeetingRole | 'custom';
export const MOSAIC_ROLES: readonly MosaicRole[] = ['speaker', 'chair', 'guest', 'custom'];

/**
 * Pane tokens of `roles_lst`, those of protocol-facts §5.6: `"0"` auto-assign, `"-1"` empty,
 * `"1010"` the main venue. The console never sends anything else.
 */
export const PANE = { auto: '0', empty: '-1', mainVenue: '1010' } as const;

/**
 * Podium's own "unset" token, which consoles before issue 23 sent for an automatic pane: no client
 * of the platform has it and platform mode refuses it. A layout stored with it is read as `"0"`.
 */
export const LEGACY_UNSET = '-2';

const normalPane = (pane: readonly string[]) => pane.map((tok) => (tok === LEGACY_UNSET ? PANE.auto : tok));

/** Automatic poll intervals, seconds (spec §9); the first is the default. */
export const POLL_INTERVALS = [10, 20, 30, 60, 120, 300] as const;

export const AUTO_MOSAIC = 'auto';
/** The layout_mode the platform composes ("traditional split screen" in the facts is mode 2). */
export const LAYOUT_MODE = 2;

/** Spec §3: the default custom layout is 4*4, layout_mode 2, poll 10 s; its 16 panes auto-assigned. */
export function defaultCustomConfig(): MosicConfigEntry {
  return {
    role: 'custom',
    mosic_id: '4*4',
    layout_mode: LAYOUT_MODE,
    roles_lst: Array.from({ length: 16 }, () => [PANE.auto]),
    poll_secs: POLL_INTERVALS[0],
    view_has_self: 0,
    focus_pane: -1,
    content_pane: -1,
    special_pane: -1,
  };
}

/** The automatic configuration of a role: one full cell chosen by the platform. */
export function autoConfig(role: MosaicRole): MosicConfigEntry {
  return {
    role,
    mosic_id: AUTO_MOSAIC,
    layout_mode: LAYOUT_MODE,
    roles_lst: [],
    poll_secs: POLL_INTERVALS[0],
    view_has_self: role === 'speaker' ? 1 : 0,
  };
}

/**
 * Whether the server keeps pane marks (focus, shared content, special screen): Podium's entries
 * carry them, the platform's (facts §5.6) do not, and a mark the server drops must not be offered.
 * Before the configuration is known the marks are offered (Podium's defaults have them).
 */
export function offersPaneMarks(configs: readonly MosicConfigEntry[] | undefined): boolean {
  if (!configs || configs.length === 0) return true;
  return configs.some((c) => c.focus_pane !== undefined || c.content_pane !== undefined || c.special_pane !== undefined);
}

/** The server's configuration of `role`, or its default (custom: 4*4; others: automatic). */
export function configFor(role: MosaicRole, configs: readonly MosicConfigEntry[] | undefined): MosicConfigEntry {
  const found = configs?.find((c) => c.role === role);
  if (found) return { ...found, roles_lst: found.roles_lst.map(normalPane) };
  return role === 'custom' ? defaultCustomConfig() : autoConfig(role);
}

/**
 * Switches a configuration to layout `mosicId` with `panes` panes: keeps the assignments that
 * still fit, auto-assigns new panes, and clears pane marks that no longer exist.
 */
export function withLayout(config: MosicConfigEntry, mosicId: string, panes: number): MosicConfigEntry {
  if (mosicId === AUTO_MOSAIC)
    return { ...autoConfig(config.role as MosaicRole), poll_secs: config.poll_secs, view_has_self: config.view_has_self };
  const roles = Array.from({ length: panes }, (_, i) => config.roles_lst[i] ?? [PANE.auto]);
  const keep = (pane: number | undefined) => (pane !== undefined && pane < panes ? pane : -1);
  return {
    ...config,
    mosic_id: mosicId,
    layout_mode: LAYOUT_MODE,
    roles_lst: roles,
    focus_pane: keep(config.focus_pane),
    content_pane: keep(config.content_pane),
    special_pane: keep(config.special_pane),
  };
}

/** Assigns one pane (a usr_id or a {@link PANE} token). */
export function assignPane(config: MosicConfigEntry, pane: number, token: string): MosicConfigEntry {
  const roles = config.roles_lst.map((p, i) => (i === pane ? [token] : p));
  return { ...config, roles_lst: roles };
}

/** Moves pane `from` to position `to` (drag-to-sort); pane marks follow their pane. */
export function movePane(config: MosicConfigEntry, from: number, to: number): MosicConfigEntry {
  const n = config.roles_lst.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return config;
  const order = Array.from({ length: n }, (_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved);
  const newIndexOf = (old: number | undefined) => (old === undefined || old < 0 ? old : order.indexOf(old));
  return {
    ...config,
    roles_lst: order.map((i) => config.roles_lst[i]),
    focus_pane: newIndexOf(config.focus_pane),
    content_pane: newIndexOf(config.content_pane),
    special_pane: newIndexOf(config.special_pane),
  };
}

/** Pane geometry is shared with the layout window (src/components/roleScreen). */
export { paneRects } from '#/components/roleScreen/geometry';

/** The layout_mode of a traditional mosaic, which the platform reports as not supported. */
export const TRADITIONAL_LAYOUT_MODE = 1;

/** A layout the platform cannot compose (the spec reports a traditional mosaic as unsupported). */
export function isTraditional(group: MosaicGroupLike & { layout_mode?: number }): boolean {
  return group.layout_type === 'traditional' || (group.layout_mode !== undefined && group.layout_mode !== LAYOUT_MODE);
}

/** Whether two configurations of a role would compose the same screen (pane marks default to -1). */
export function sameConfig(a: MosicConfigEntry, b: MosicConfigEntry): boolean {
  const mark = (v: number | undefined) => (v === undefined ? -1 : v);
  return (
    a.mosic_id === b.mosic_id &&
    a.layout_mode === b.layout_mode &&
    a.poll_secs === b.poll_secs &&
    a.view_has_self === b.view_has_self &&
    mark(a.focus_pane) === mark(b.focus_pane) &&
    mark(a.content_pane) === mark(b.content_pane) &&
    mark(a.special_pane) === mark(b.special_pane) &&
    JSON.stringify(a.roles_lst) === JSON.stringify(b.roles_lst)
  );
}
