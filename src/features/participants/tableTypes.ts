/**
 * Types the participant table and its rows share. Apart from both so the row does not import the
 * table that renders it (the import circle issue 25 names).
 */

/** Which usr_ids wait for a command's answer (a Set, or the commands actor's count Map). */
export type PendingIds = Pick<ReadonlySet<string>, 'has' | 'size'>;

/** Dialogs a row can open; the container owns them. */
export type RowDialog = 'rename' | 'camera' | 'mic' | 'stats';
