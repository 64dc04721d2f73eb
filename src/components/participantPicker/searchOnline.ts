/**
 * Name search over the online participants for the pickers (main venue, screen-layout panes,
 * moving into the waiting room). At 10,000 participants a picker never offers everyone: it shows
 * the best `limit` matches and how many there are, and typing narrows them.
 */

/** A participant a picker can offer. */
export interface PickableParticipant {
  usrId: string;
  name: string;
}

export interface SearchResult<T> {
  /** at most `limit` matches, best first */
  matches: T[];
  /** how many entries match in all (the matches shown are the first of these) */
  total: number;
}

/**
 * At most `limit` of `list` whose name contains `search` (case-insensitive): exact matches first,
 * then names starting with it, then the rest, each in list order. An empty search takes the first.
 * Entries for which `skip` says true are left out, from the matches and from the total.
 */
export function searchOnline<T extends PickableParticipant>(
  list: readonly T[],
  search: string,
  limit: number,
  skip?: (entry: T) => boolean,
): SearchResult<T> {
  const q = search.trim().toLowerCase();
  const exact: T[] = [];
  const prefix: T[] = [];
  const inner: T[] = [];
  let total = 0;
  for (const u of list) {
    if (skip?.(u)) continue;
    if (!q) {
      if (total++ < limit) inner.push(u);
      continue;
    }
    const name = u.name.toLowerCase();
    if (name === q) exact.push(u);
    else if (name.startsWith(q)) {
      if (exact.length + prefix.length < limit) prefix.push(u);
    } else if (name.includes(q)) {
      if (exact.length + prefix.length + inner.length < limit) inner.push(u);
    } else continue;
    total++;
  }
  return { matches: [...exact, ...prefix, ...inner].slice(0, limit), total };
}
