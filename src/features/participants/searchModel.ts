/**
 * The search box above the participant table (issue 13 §1): what a query matches, which keys
 * jump to it, and what Enter does. Pure functions, so 10,000 rows per keystroke stay cheap and
 * the rules are tested without a DOM.
 */
import type { ParticipantRow } from './participantModel';

/**
 * Lower-cased text a row is searched in (name, address, usr_id), cached per row object: rows are
 * kept per unchanged participant (toRows), so typing does not lower-case 10,000 names per key.
 */
const haystacks = new WeakMap<ParticipantRow, string>();

function haystackOf(row: ParticipantRow): string {
  let text = haystacks.get(row);
  if (text === undefined) {
    // \u0000 keeps a query from matching across two fields ("ann" + "10." → "ann10.")
    text = `${row.name}\u0000${row.remoteAddr}\u0000${row.usrId}`.toLowerCase();
    haystacks.set(row, text);
  }
  return text;
}

/** A query as typed, ready for {@link matchesSearch}: trimmed, lower-cased, null when empty. */
export function normalizeQuery(query: string): string | null {
  const q = query.trim().toLowerCase();
  return q ? q : null;
}

/**
 * The row's name, address (its number is part of it: `8001@10.0.0.5`, `tel:13800000000`) or
 * usr_id contains the query, case-insensitively.
 * @example matchesSearch(row, normalizeQuery('8001'))
 */
export function matchesSearch(row: ParticipantRow, q: string | null): boolean {
  return q === null || haystackOf(row).includes(q);
}

/** The rows of the current tab that match, in the tab's order (the same array when no query). */
export function searchRows(rows: readonly ParticipantRow[], query: string): readonly ParticipantRow[] {
  const q = normalizeQuery(query);
  if (q === null) return rows;
  const out: ParticipantRow[] = [];
  for (let i = 0; i < rows.length; i++) if (haystackOf(rows[i]).includes(q)) out.push(rows[i]);
  return out;
}

/** What a key pressed somewhere on the page asks of the search box. */
export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** the element the key was pressed in */
  target: { tagName?: string; isContentEditable?: boolean; getAttribute?: (name: string) => string | null } | null;
}

/** Typing in a field, an editable region or a combobox: a `/` there is text, not a shortcut. */
function isTyping(target: ShortcutKey['target']): boolean {
  if (!target) return false;
  const tag = target.tagName?.toUpperCase();
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (target.isContentEditable) return true;
  const role = target.getAttribute?.('role');
  return role === 'textbox' || role === 'combobox' || role === 'searchbox';
}

/**
 * `/` or Ctrl+K (⌘K on a Mac) focuses the search box, except while the user types in another
 * field (there `/` is a character and Ctrl+K the field's own business).
 */
export function isSearchShortcut(e: ShortcutKey): boolean {
  if (isTyping(e.target)) return false;
  if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey) return true;
  return (e.key === 'k' || e.key === 'K') && (e.ctrlKey || e.metaKey) && !e.altKey;
}

/** Enter in the search box opens the operations of the one row that matches, else nothing. */
export function enterTarget(matches: readonly ParticipantRow[], query: string): ParticipantRow | null {
  return normalizeQuery(query) !== null && matches.length === 1 ? matches[0] : null;
}
