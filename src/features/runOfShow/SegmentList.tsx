/**
 * The segments of the run of show: cue, reorder, edit, delete; add one, capture the meeting as it
 * is now; export and import the JSON file (validated, its errors listed). Every change is sent to
 * the actor as the whole document (`runOfShow.edit`), which saves it with its revision.
 */
import { useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { ActionIcon, Alert, Badge, Button, FileButton, Group, List, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  captureSegment,
  clockText,
  validateRunOfShow,
  type MeetingView,
  type RunOfShow,
  type Segment,
  type SegmentBanner,
} from '@protocol/runOfShow';
import type { RunOfShowMachine } from '@machines/runOfShow/runOfShowMachine';
import * as sel from '@machines/runOfShow/selectors';
import { downloadText, fileStamp } from '#/shared/csv';
import type { OnlineParticipants } from '#/session/onlineParticipants';
import { moveSegment, newSegmentId, withSegments } from './runOfShowModel';
import { useRunOfShowWords } from './runOfShowWords';
import { SegmentEditor } from './SegmentEditor';

export interface SegmentListProps {
  actor: ActorRefFrom<RunOfShowMachine>;
  /** the meeting now, for "capture current" */
  view: MeetingView;
  online: OnlineParticipants;
  /** seconds each segment ran, by id */
  timings: Record<string, number>;
  busy: boolean;
  layouts: { id: string; panes: number }[];
  /** the look of the meeting's banner now, so "capture current" keeps it */
  bannerLook?: Partial<SegmentBanner>;
}

export function SegmentList({ actor, view, online, timings, busy, layouts, bannerLook }: SegmentListProps) {
  const { t } = useLingui();
  const doc = useSelector(actor, sel.selectDoc);
  const cue = useSelector(actor, sel.selectCue);
  const current = useSelector(actor, sel.selectCurrent);
  const [editing, setEditing] = useState<number | null>(null);
  const [importErrors, setImportErrors] = useState<string[]>([]);
  const words = useRunOfShowWords((id) => online.nameOf(id) ?? id);
  const resetImport = useRef<() => void>(null);

  const edit = (next: RunOfShow) => actor.send({ type: 'runOfShow.edit', doc: next });
  const setSegments = (segments: Segment[]) => edit(withSegments(doc, segments));
  const add = (seg: Segment) => {
    setSegments([...doc.segments, seg]);
    setEditing(doc.segments.length);
  };
  const capture = () => add(captureSegment(view, newSegmentId(doc), t`Segment ${doc.segments.length + 1}`, bannerLook));
  const exportJson = () => downloadText(`run-of-show-${fileStamp()}.json`, JSON.stringify(doc, null, 2), 'application/json');
  const importJson = async (file: File | null) => {
    resetImport.current?.();
    if (!file) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(await file.text());
    } catch {
      setImportErrors([t`The file is not JSON.`]);
      return;
    }
    const checked = validateRunOfShow(parsed);
    if (!checked.ok) {
      setImportErrors(checked.errors.map(words.importError));
      return;
    }
    setImportErrors([]);
    edit(checked.doc);
  };

  return (
    <>
      <Group gap="xs" justify="space-between">
        <Text fw={600}>
          <Trans>Segments</Trans> ({doc.segments.length})
        </Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            disabled={busy}
            onClick={() =>
              add({
                id: newSegmentId(doc),
                name: t`Segment ${doc.segments.length + 1}`,
              })
            }
          >
            <Trans>Add segment</Trans>
          </Button>
          <Button size="compact-sm" variant="light" disabled={busy} onClick={capture}>
            <Trans>Capture current</Trans>
          </Button>
          <Button size="compact-sm" variant="default" onClick={exportJson} disabled={doc.segments.length === 0}>
            <Trans>Export JSON</Trans>
          </Button>
          <FileButton resetRef={resetImport} onChange={(f) => void importJson(f)} accept="application/json,.json">
            {(props) => (
              <Button size="compact-sm" variant="default" disabled={busy} {...props}>
                <Trans>Import JSON</Trans>
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {importErrors.length > 0 && (
        <Alert color="red" role="alert" title={t`The file was not imported:`} data-testid="run-of-show-import-errors">
          <List size="sm">
            {importErrors.slice(0, 10).map((e, i) => (
              <List.Item key={i}>{e}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Table striped={false} highlightOnHover verticalSpacing={4} data-testid="run-of-show-segments">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t`Segment`}</Table.Th>
            <Table.Th>{t`Timer`}</Table.Th>
            <Table.Th>{t`Ran`}</Table.Th>
            <Table.Th>{t`Rehearsed`}</Table.Th>
            <Table.Th>{t`Actions`}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {doc.segments.map((seg, i) => {
            const ran = timings[seg.id];
            const over = seg.timer && ran !== undefined && ran > seg.timer.secs;
            return (
              <Table.Tr
                key={seg.id}
                data-testid={`segment-${i}`}
                data-on-air={i === current || undefined}
                data-cued={i === cue || undefined}
              >
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm">{seg.name}</Text>
                    {i === current && <Badge size="sm" color="gray" variant="outline">{t`On air`}</Badge>}
                    {i === cue && <Badge size="sm" color="gray" variant="light">{t`Next`}</Badge>}
                  </Group>
                </Table.Td>
                <Table.Td>{seg.timer ? clockText(seg.timer.secs) : '—'}</Table.Td>
                <Table.Td>
                  {ran === undefined ? (
                    '—'
                  ) : (
                    <Text size="sm" c={over ? 'red' : undefined}>
                      {clockText(ran)}
                      {over ? ` (${t`overrun`} ${clockText(ran - seg.timer!.secs)})` : ''}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-testid="segment-rehearsed">
                  {seg.rehearsed_secs === undefined ? '—' : clockText(seg.rehearsed_secs)}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      onClick={() => actor.send({ type: 'runOfShow.cue', index: i })}
                      aria-label={t`Cue ${seg.name}`}
                    >
                      <Trans>Cue</Trans>
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      disabled={busy}
                      onClick={() => setEditing(editing === i ? null : i)}
                      aria-label={t`Edit ${seg.name}`}
                    >
                      <Trans>Edit</Trans>
                    </Button>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={busy || i === 0}
                      onClick={() => setSegments(moveSegment(doc.segments, i, i - 1))}
                      aria-label={t`Move ${seg.name} up`}
                    >
                      ↑
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      disabled={busy || i === doc.segments.length - 1}
                      onClick={() => setSegments(moveSegment(doc.segments, i, i + 1))}
                      aria-label={t`Move ${seg.name} down`}
                    >
                      ↓
                    </ActionIcon>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="red"
                      disabled={busy || i === current}
                      onClick={() => setSegments(doc.segments.filter((_, j) => j !== i))}
                      aria-label={t`Delete ${seg.name}`}
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {editing !== null && doc.segments[editing] && (
        <SegmentEditor
          key={doc.segments[editing].id}
          segment={doc.segments[editing]}
          online={online}
          layouts={layouts}
          onCancel={() => setEditing(null)}
          onSave={(seg) => {
            setSegments(doc.segments.map((s, j) => (j === editing ? seg : s)));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
