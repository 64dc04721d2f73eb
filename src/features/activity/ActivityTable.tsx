/** The activity entries as a table, newest first; long logs show their newest rows only. */
import { Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActivityEntry } from '@protocol/wire';
import type { ActivityLabels } from './activityLabels';
import { valuesText } from './activityModel';

/** rows drawn at once: the filters narrow a longer log */
export const ACTIVITY_ROWS_SHOWN = 300;

export function ActivityTable({ entries, labels }: { entries: readonly ActivityEntry[]; labels: ActivityLabels }) {
  const { t } = useLingui();
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No activity yet</Trans>
      </Text>
    );
  }
  const rows = entries.slice(0, ACTIVITY_ROWS_SHOWN);
  return (
    <>
      <Table.ScrollContainer minWidth={900} mah="55vh">
        <Table striped stickyHeader aria-label={t`Activity`} data-testid="activity-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Time</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Controller</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Command</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Participants</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Details</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Outcome</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((e) => {
              const outcome = labels.outcome(e);
              const names = e.targets.map((x) => x.name || x.usr_id).join(', ');
              return (
                <Table.Tr key={e.id} data-activity-id={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{labels.time(e.dtm)}</Table.Td>
                  <Table.Td>{labels.controller(e.role, e.peer_ip)}</Table.Td>
                  <Table.Td>{labels.command(e.cmdid)}</Table.Td>
                  <Table.Td>{e.more_targets > 0 ? t`${names} and ${e.more_targets} more` : names}</Table.Td>
                  <Table.Td>
                    <Text size="xs" ff="monospace">
                      {[e.action, valuesText(e.values)].filter(Boolean).join(' · ')}
                    </Text>
                  </Table.Td>
                  <Table.Td c={outcome.ok ? undefined : 'red.9'}>{outcome.text}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {entries.length > rows.length && (
        <Text size="xs" c="dimmed">
          <Trans>
            Showing the newest {ACTIVITY_ROWS_SHOWN} of {entries.length}: narrow with the filters, or export them all.
          </Trans>
        </Text>
      )}
    </>
  );
}
