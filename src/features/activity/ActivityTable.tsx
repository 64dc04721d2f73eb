/**
 * The activity as a table, newest first: each row a sentence in the user's language (who did
 * what to whom), the command as the console names it, the outcome; the wire detail underneath,
 * small, for support. Long logs show their newest rows only.
 */
import { Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActivityEntry } from '@protocol/wire';
import type { ActivityLabels } from './activityLabels';
import type { ActivityRow } from './activityModel';
import { wireText } from './activitySentence';

const namesOf = (e: ActivityEntry) => e.targets.map((x) => x.name || x.usr_id).join(', ');

/** rows drawn at once: the filters narrow a longer log */
export const ACTIVITY_ROWS_SHOWN = 300;

export function ActivityTable({
  rows: all,
  labels,
}: {
  /** the entries read as rows (activitySentence.ts readActivity), newest first */
  rows: readonly ActivityRow[];
  labels: ActivityLabels;
}) {
  const { t } = useLingui();
  if (all.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>No activity yet</Trans>
      </Text>
    );
  }
  const rows = all.slice(0, ACTIVITY_ROWS_SHOWN);
  return (
    <>
      <Table.ScrollContainer minWidth={760} mah="55vh">
        <Table striped stickyHeader aria-label={t`Activity`} data-testid="activity-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <Trans>Time</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>What happened</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Command</Trans>
              </Table.Th>
              <Table.Th>
                <Trans>Outcome</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => {
              const first = row.entries[0];
              const named = row.entries.find((e) => e.targets.length > 0) ?? first;
              const names = namesOf(named);
              // a recipe is applied when every step was; otherwise the first refused step says why
              const outcome = labels.outcome(row.entries.find((e) => e.result !== 0 || e.status >= 400) ?? first);
              return (
                <Table.Tr key={first.id} data-activity-id={first.id} data-steps={row.entries.length}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }} title={new Date(first.dtm * 1000).toISOString()}>
                    {labels.time(first.dtm)}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="activity-sentence">
                      {row.sentence}
                    </Text>
                    {/* a sentence names two people at most: the rest are listed here, so every row shows whom it touched */}
                    {named.targets.length + named.more_targets > 2 && (
                      <Text size="xs" c="dimmed" data-testid="activity-targets">
                        {named.more_targets > 0 ? t`${names} and ${named.more_targets} more` : names}
                      </Text>
                    )}
                    {/* the requests as sent, oldest first: what support asks for */}
                    <Text size="xs" c="dimmed" ff="monospace" data-testid="activity-wire">
                      {[...row.entries].reverse().map(wireText).join(' + ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{row.command}</Table.Td>
                  <Table.Td c={outcome.ok ? undefined : 'red.9'}>{outcome.text}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {all.length > rows.length && (
        <Text size="xs" c="dimmed">
          <Trans>
            Showing the newest {ACTIVITY_ROWS_SHOWN} of {all.length}: narrow with the filters, or export them all.
          </Trans>
        </Text>
      )}
    </>
  );
}
