/**
 * Sub-sites (cascade points, spec §3 "Sub-site entry: name, usr_id, hide"): on the wire a
 * participant leg of `dev_type` `mr_cascade_sub` (protocol-facts §5.4, §6.4; user type 7, a
 * sub-venue), invited or online. Pure helpers shared by the cascade machine and the console.
 */

/**
 * The fields of a participant record (machines/participants' `Participant`) the helpers read, named
 * here so this module stays below the participant store, which imports its dev_type.
 */
export interface SubSiteLeg {
  readonly usr_id: string;
  readonly usr_name: string;
  readonly dev_type: string;
  readonly online: number;
}

/** the dev_type of a cascaded sub-meeting leg (protocol-facts §6.4) */
export const SUB_SITE_DEV_TYPE = 'mr_cascade_sub';

/** spec §9 "Sub-site removal delay: 200 ms": a Delete is sent this long after the click, Undo inside it */
export const SUB_SITE_REMOVAL_DELAY_MS = 200;

/** One sub-site as the console lists it. */
export interface SubSite {
  usrId: string;
  name: string;
  online: boolean;
}

export function isSubSite(p: Pick<SubSiteLeg, 'dev_type'>): boolean {
  return p.dev_type === SUB_SITE_DEV_TYPE;
}

/** the sub-sites among the participants (invited or online), in the list's order */
export function subSitesOf(list: readonly SubSiteLeg[]): SubSite[] {
  const out: SubSite[] = [];
  for (const p of list) if (isSubSite(p)) out.push({ usrId: p.usr_id, name: p.usr_name || p.usr_id, online: p.online === 1 });
  return out;
}

/** same sub-sites, same names and presence: lets a reader skip the 800 ms batches that change nothing here */
export function sameSubSites(a: readonly SubSite[] | undefined, b: readonly SubSite[] | undefined): boolean {
  return (
    a === b ||
    (!!a && !!b && a.length === b.length && a.every((x, i) => x.usrId === b[i].usrId && x.name === b[i].name && x.online === b[i].online))
  );
}
