/**
 * Feeds {@link SubSiteList} from the session: the sub-sites the participant list holds (legs of
 * `dev_type` `mr_cascade_sub`), the cascade actor's removals and hidden set, and its refusals.
 * Deleting, undoing and hiding are the cascade actor's events.
 */
import { useEffect, useMemo, useState } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { cascadeSelectors, type SubSite, type SubSiteRemoval } from '@machines/index';
import { useLingui } from '@lingui/react/macro';
import { refusalText } from '#/i18n/refusal';
import { SubSiteList } from './SubSiteList';

const NO_REMOVALS: Readonly<Record<string, SubSiteRemoval>> = {};
const NONE: readonly string[] = [];

export interface SubSitesSectionProps {
  /** the cascade actor (system id `cascade`), undefined until spawned */
  cascade: AnyActorRef | undefined;
  subSites: readonly SubSite[];
}

export function SubSitesSection({ cascade, subSites }: SubSitesSectionProps) {
  const { t, i18n } = useLingui();
  const removals = useSelector(cascade, (s) => (s ? cascadeSelectors.selectSubSiteRemovals(s) : NO_REMOVALS)) ?? NO_REMOVALS;
  const hiddenList = useSelector(cascade, (s) => (s ? cascadeSelectors.selectHiddenSubSites(s) : NONE)) ?? NONE;
  const hidden = useMemo(() => new Set(hiddenList), [hiddenList]);
  const [refused, setRefused] = useState<{ usrId: string; result?: number; status?: number }>();
  // removed on the server, still in the participant list until its next batch: not offered again
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!cascade) return;
    const subs = [
      cascade.on('subSite.refused', (e: { usrId: string; result?: number; status?: number }) => setRefused(e)),
      cascade.on('subSite.removed', (e: { usrId: string }) => setRemoved((r) => new Set([...r, e.usrId]))),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [cascade]);

  // once the list no longer has a removed sub-site, forget it (the same usr_id may be invited again)
  useEffect(() => {
    if (removed.size === 0) return;
    const listed = new Set(subSites.map((s) => s.usrId));
    if ([...removed].some((id) => !listed.has(id))) setRemoved(new Set([...removed].filter((id) => listed.has(id))));
  }, [subSites, removed]);
  const shown = useMemo(() => (removed.size ? subSites.filter((s) => !removed.has(s.usrId)) : subSites), [subSites, removed]);

  const text = refused ? refusalText({ result: refused.result, status: refused.status ?? 0 }, i18n.locale, t`The request failed, please try again`) : undefined;
  return (
    <SubSiteList
      subSites={shown}
      removals={removals}
      hidden={hidden}
      error={refused && text ? { usrId: refused.usrId, text } : undefined}
      onDelete={(s) => {
        setRefused(undefined);
        cascade?.send({ type: 'subSite.delete', usrId: s.usrId, online: s.online });
      }}
      onUndo={(usrId) => cascade?.send({ type: 'subSite.undo', usrId })}
      onHide={(usrId, on) => cascade?.send({ type: 'subSite.hide', usrId, hidden: on })}
    />
  );
}
