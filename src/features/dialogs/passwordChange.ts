/**
 * A change of some meeting passwords, as the passwords dialog collects it, and the `mod_mr_pwd`
 * fields it sends. Kept apart from the (lazily loaded) dialog so the sender need not load it.
 */
export interface PasswordChange {
  /** the new join password; '' keeps it */
  join: string;
  /** the new host password; '' keeps it */
  host: string;
  /** the new supervisor password; '' keeps it */
  supervisor: string;
  /** the meeting is to have no join password any more */
  removeJoin: boolean;
}

export const NO_PASSWORD_CHANGE: PasswordChange = { join: '', host: '', supervisor: '', removeJoin: false };

/** The fields of `mod_mr_pwd` this change sends: only the passwords that change. */
export function changedPasswords(change: PasswordChange): { join_pwd?: string; ctrl_pwd?: string; supervisor_pwd?: string } {
  const out: { join_pwd?: string; ctrl_pwd?: string; supervisor_pwd?: string } = {};
  if (change.removeJoin) out.join_pwd = '';
  else if (change.join.trim()) out.join_pwd = change.join.trim();
  if (change.host.trim()) out.ctrl_pwd = change.host.trim();
  if (change.supervisor.trim()) out.supervisor_pwd = change.supervisor.trim();
  return out;
}
