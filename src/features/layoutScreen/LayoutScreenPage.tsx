/**
 * Container of the /layout screen: presentation data from the opener (or framing parent), the
 * supervisor's `showContent`, and the layouts the meeting actor holds drawn per role with the
 * names of who is in each pane.
 */
import { useMemo } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { LayoutScreen } from './LayoutScreen';
import { useLayoutScreenLink } from './windowLinks';
import { useSupervisorOptions } from '../supervisor/useSupervisorOptions';
import { sessionSelectors as sel } from '../meetingControls/sessionSelectors';
import { MosaicDiagram } from '../mosaic/MosaicDiagram';
import { AUTO_MOSAIC, configFor, PANE, type MosaicRole } from '../mosaic/mosaicModel';
import { usrStat } from '@protocol/usrStats';

const ROLES: readonly MosaicRole[] = ['speaker', 'chair', 'guest'];
const EMPTY: readonly never[] = [];

export function LayoutScreenPage({ session }: { session: AnyActorRef | null }) {
  const { t } = useLingui();
  const presentation = useLayoutScreenLink();
  const [options] = useSupervisorOptions();
  const meeting = session ? sel.child(session, 'meeting') : undefined;
  const participants = session ? sel.child(session, 'participants') : undefined;
  const configs = useSelector(meeting, sel.mosaicConfigs);
  const layouts = useSelector(meeting, sel.layouts) ?? EMPTY;
  const list = useSelector(participants, sel.participantList);
  const version = useSelector(participants, sel.participantsVersion);
  const names = useMemo(() => new Map((list ?? EMPTY).map((p) => [p.usr_id, p.usr_name || p.usr_id])), [list, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const talking = useMemo(
    () => new Set((list ?? EMPTY).filter((p) => p.online === 1 && p.usr_stat && usrStat(p.usr_stat, 'vad') === 1).map((p) => p.usr_id)),
    [list, version], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const roleLabel: Record<string, string> = { speaker: t`Main venue`, chair: t`Honoured guest`, guest: t`Audience` };
  const paneLabel = (token: string | undefined) => {
    if (token === PANE.auto) return t`Automatic`;
    if (token === PANE.mainVenue) return t`Current main venue`;
    if (token === PANE.empty || token === PANE.unset || !token) return '';
    const name = options.showName ? (names.get(token) ?? token) : '';
    // showTalk: mark who is talking (usr_stats position 4, vad)
    return options.showTalk && talking.has(token) ? t`${name} (talking)` : name;
  };

  return (
    <LayoutScreen presentation={presentation} showContent={options.showContent}>
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {ROLES.map((role) => {
          const c = configFor(role, configs);
          const group = c.mosic_id === AUTO_MOSAIC ? { mosic_id: AUTO_MOSAIC, mosic_cnts: 1, layout_coord: [] } : (layouts.find((l) => l.mosic_id === c.mosic_id) ?? { mosic_id: c.mosic_id, mosic_cnts: c.roles_lst.length, layout_coord: [] });
          return (
            <Stack key={role} gap={4} data-layout-role={role} data-mosic-id={c.mosic_id}>
              <Text size="sm">{roleLabel[role]}</Text>
              <MosaicDiagram group={group} width={360} highlight={c.focus_pane ?? -1} labels={c.mosic_id === AUTO_MOSAIC ? [t`Automatic`] : c.roles_lst.map((p) => paneLabel(p[0]))} />
            </Stack>
          );
        })}
      </SimpleGrid>
    </LayoutScreen>
  );
}
