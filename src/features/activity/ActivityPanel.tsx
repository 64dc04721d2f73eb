/**
 * Who did what (issue 16 item 1): a button that opens the meeting's activity log, live, with
 * filters by controller, participant and kind, and CSV and JSON exports. A participant's row
 * opens it filtered to that participant (src/session/activityRequest.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { activitySelectors, type ActivityMachine } from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { NotOfferedNote, useNotOffered } from '#/session/notOffered';
import { onActivityRequest } from '#/session/activityRequest';
import type { ActivityEntry } from '@protocol/wire';
import { ActivityTable } from './ActivityTable';
import {
  ACTIVITY_KINDS,
  NO_FILTER,
  activityCsv,
  activityJson,
  controllersOf,
  filterActivity,
  type ActivityFilter,
  type ActivityKind,
} from './activityModel';
import { useActivityLabels } from './activityLabels';
import { downloadText as download } from '#/shared/csv';

const { selectActivityEntries, selectActivitySource, selectActivityLoading, selectHasOlderActivity, selectActivityLoadFailed } =
  activitySelectors;
// one empty list for every render before the actor answers: a fresh `[]` would recompute the memos below each time
const NO_ENTRIES: readonly ActivityEntry[] = [];

export function ActivityPanel({ session, mrId }: { session: AnyActorRef; mrId: string }) {
  const { t } = useLingui();
  const labels = useActivityLabels();
  const activity = useSessionChild<ActorRefFrom<ActivityMachine>>(session, 'activity');
  const activityNotOffered = useNotOffered(session, 'activity');
  const entries = useSelector(activity, (s) => (s ? selectActivityEntries(s) : undefined)) ?? NO_ENTRIES;
  const source = useSelector(activity, (s) => (s ? selectActivitySource(s) : null)) ?? null;
  const loading = useSelector(activity, (s) => (s ? selectActivityLoading(s) : true)) ?? true;
  const hasOlder = useSelector(activity, (s) => (s ? selectHasOlderActivity(s) : false)) ?? false;
  const loadFailed = useSelector(activity, (s) => (s ? selectActivityLoadFailed(s) : false)) ?? false;
  const [opened, setOpened] = useState(false);
  const [filter, setFilter] = useState<ActivityFilter>(NO_FILTER);

  useEffect(
    () =>
      onActivityRequest((request) => {
        setFilter({ ...NO_FILTER, participant: request.name || request.usrId });
        setOpened(true);
      }),
    [],
  );

  const shown = useMemo(() => filterActivity(entries, filter), [entries, filter]);
  // sentences in the current language, the console's recipes read as one row each
  const rows = useMemo(() => labels.rows(shown), [labels, shown]);
  const controllers = useMemo(() => controllersOf(entries), [entries]);
  const shownCount = shown.length;
  const stamp = () => new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-');
  const exportAs = (format: 'csv' | 'json') =>
    format === 'csv'
      ? download(
          `activity-${mrId}-${stamp()}.csv`,
          activityCsv(rows, (e) => labels.outcome(e).text),
          'text/csv;charset=utf-8',
        )
      : download(`activity-${mrId}-${stamp()}.json`, activityJson(shown, { mrId, source: source ?? 'server' }), 'application/json');

  return (
    <>
      <Button size="compact-sm" variant="light" onClick={() => setOpened(true)} data-testid="activity-open">
        <Trans>Activity</Trans>
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t`Activity`} size="80rem" data-testid="activity-dialog">
        <Stack gap="sm">
          <Text size="sm" c="dimmed" data-testid="activity-source" data-source={source ?? 'loading'}>
            {source === 'local' ? (
              <>
                <Trans>This platform keeps no activity log: listed are the commands this console sent since it logged in.</Trans>
                <NotOfferedNote reason={activityNotOffered} />
              </>
            ) : (
              <Trans>Every controller's commands in this meeting, as the server recorded them.</Trans>
            )}
          </Text>
          {loadFailed && (
            <Alert color="red" role="alert" title={t`The activity log could not be loaded`}>
              <Button size="compact-sm" variant="light" onClick={() => activity?.send({ type: 'activity.retry' })}>
                <Trans>Try again</Trans>
              </Button>
            </Alert>
          )}
          <Group align="flex-end" gap="sm" role="search" aria-label={t`Filter the activity`}>
            <TextInput
              label={t`Participant`}
              placeholder={t`Name or ID`}
              value={filter.participant}
              onChange={(e) => setFilter({ ...filter, participant: e.currentTarget.value })}
              w={220}
            />
            <Select
              label={t`Controller`}
              value={filter.controller}
              onChange={(value) => setFilter({ ...filter, controller: value ?? '' })}
              data={[
                { value: '', label: t`All controllers` },
                ...controllers.map((c) => ({ value: c.key, label: labels.controller(c.role, c.peerIp) })),
              ]}
              allowDeselect={false}
              w={240}
            />
            <Select
              label={t`Kind`}
              value={filter.kind}
              onChange={(value) => setFilter({ ...filter, kind: (value ?? '') as ActivityKind | '' })}
              data={[{ value: '', label: t`All kinds` }, ...ACTIVITY_KINDS.map((k) => ({ value: k, label: labels.kind(k) }))]}
              allowDeselect={false}
              w={200}
            />
            <Button variant="default" onClick={() => setFilter(NO_FILTER)} disabled={filter === NO_FILTER}>
              <Trans>Clear filters</Trans>
            </Button>
            <Group gap="xs" ml="auto">
              <Button variant="light" onClick={() => exportAs('csv')} disabled={shown.length === 0}>
                <Trans>Export CSV</Trans>
              </Button>
              <Button variant="light" onClick={() => exportAs('json')} disabled={shown.length === 0}>
                <Trans>Export JSON</Trans>
              </Button>
            </Group>
          </Group>
          <Text size="sm" aria-live="polite" data-testid="activity-count" data-count={shown.length}>
            {shown.length === entries.length ? (
              <Plural value={entries.length} one="# entry" other="# entries" />
            ) : (
              <Plural value={entries.length} one={`${shownCount} of # entry`} other={`${shownCount} of # entries`} />
            )}
          </Text>
          <ActivityTable rows={rows} labels={labels} />
          {source === 'server' && hasOlder && (
            <Button variant="default" loading={loading} onClick={() => activity?.send({ type: 'activity.loadOlder' })}>
              <Trans>Load older entries</Trans>
            </Button>
          )}
        </Stack>
      </Modal>
    </>
  );
}
