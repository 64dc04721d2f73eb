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
  const removedList = useSelector(cascade, (s) => (s ? cascadeSelectors.selectRemovedSubSites(s) : NONE)) ?? NONE;

  useEffect(() => {
    if (!cascade) return;
    const subs = [cascade.on('subSite.refused', (e: { usrId: string; result?: number; status?: number }) => setRefused(e))];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [cascade]);

  // the actor forgets a removal once the list has caught up with it
  useEffect(() => {
    if (removedList.length) cascade?.send({ type: 'subSites.listed', usrIds: subSites.map((s) => s.usrId) });
  }, [cascade, subSites, removedList]);
  const shown = useMemo(
    () => (removedList.length ? subSites.filter((s) => !removedList.includes(s.usrId)) : subSites),
    [subSites, removedList],
  );

  const text = refused
    ? refusalText({ result: refused.result, status: refused.status ?? 0 }, i18n.locale, t`The request failed, please try again`)
    : undefined;
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
