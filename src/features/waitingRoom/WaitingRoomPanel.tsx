/**
 * Waiting room: enable it, permit or refuse one or many waiting users, and move participants in.
 * The waiting-room machine owns the state; selections here are only what the user ticked.
 * The picker of participants to move in searches the online participants only while its
 * dropdown is open and offers the best matches (the shared participant picker options).
 * Refusing (one or many: a refused person has to dial in again) and moving several in ask first,
 * naming who and how many, as the participant table does (issue 13 §2).
 */
import { memo, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Group, MultiSelect, Stack, Switch, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmationDialog } from '#/components/ConfirmDialog';
import type { Confirmation } from '#/components/confirmation';
import { keepAllOptions, useParticipantOptions, type ParticipantOption } from '#/components/participantPicker/participantOptions';
import type { PickableParticipant } from '#/components/participantPicker/searchOnline';
import { useOnline, type OnlineParticipants } from '#/session/onlineParticipants';
import type { NotOfferedReason } from '@machines/commands/notOffered';
import { NotOfferedControls } from '#/session/notOffered';

export interface WaitingUser {
  usrId: string;
  name: string;
}

export interface WaitingRoomPanelProps {
  /** waiting room enabled, as the server reports it (undefined = not known yet) */
  enabled: boolean | undefined;
  /** who waits, in arrival order */
  waiting: readonly WaitingUser[];
  /** the online participants; those not waiting can be moved in (read only while the picker is open) */
  candidates: OnlineParticipants;
  /** true while a request is on its way */
  pending?: boolean;
  /** translated refusal of the last request; default none */
  error?: string;
  /** the platform refused a waiting-room call as unknown: every control disabled, the reason said */
  notOffered?: NotOfferedReason;
  onEnable: (on: boolean) => void;
  onPermit: (usrIds: string[]) => void;
  onRefuse: (usrIds: string[]) => void;
  onMoveIn: (usrIds: string[]) => void;
}

export function WaitingRoomPanel(props: WaitingRoomPanelProps) {
  const { enabled, waiting, candidates, pending = false, error, notOffered } = props;
  // not offered: as disabled as while pending, whatever the fieldset around does
  const locked = pending || notOffered !== undefined;
  const { t } = useLingui();
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const [toMove, setToMove] = useState<readonly PickableParticipant[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [question, setQuestion] = useState<{ ask: Confirmation; run: () => void } | null>(null);
  const nameOf = (usrId: string) => waiting.find((w) => w.usrId === usrId)?.name ?? toMove.find((m) => m.usrId === usrId)?.name ?? usrId;
  const refuse = (usrIds: string[]) =>
    setQuestion({
      ask: { kind: 'refuseWaiting', count: usrIds.length, names: usrIds.slice(0, 3).map(nameOf) },
      run: () => props.onRefuse(usrIds),
    });
  const moveIn = () => {
    const usrIds = toMove.map((m) => m.usrId);
    const run = () => {
      props.onMoveIn(usrIds);
      setToMove([]);
    };
    if (usrIds.length > 1)
      setQuestion({ ask: { kind: 'moveToWaiting', count: usrIds.length, names: usrIds.slice(0, 3).map(nameOf) }, run });
    else run();
  };
  // typed text means the list is wanted, whatever the dropdown reported (it could miss an open)
  const searching = pickerOpen || search.trim() !== '';
  const online = useOnline(candidates, searching);
  const isWaiting = useMemo(() => {
    const ids = new Set(waiting.map((w) => w.usrId));
    return (p: PickableParticipant) => ids.has(p.usrId);
  }, [waiting]);
  const moveOptions = useParticipantOptions({ open: searching, candidates: online, search, selected: toMove, skip: isWaiting });
  // Users who left the waiting room drop out of the selection without a reset effect.
  const selected = useMemo(() => waiting.filter((w) => ticked.has(w.usrId)).map((w) => w.usrId), [waiting, ticked]);
  const allTicked = waiting.length > 0 && selected.length === waiting.length;
  const toggle = useCallback(
    (usrId: string, on: boolean) =>
      setTicked((prev) => {
        const next = new Set(prev);
        if (on) next.add(usrId);
        else next.delete(usrId);
        return next;
      }),
    [],
  );
  // A meeting with 2,000 waiting re-renders this panel on every feed batch, with new handlers from
  // the container each time: the memoised rows get stable ones that call the latest, so only the
  // rows whose person, tick or lock changed render again.
  const latest = useRef({ onPermit: props.onPermit, refuse });
  useLayoutEffect(() => {
    latest.current = { onPermit: props.onPermit, refuse };
  });
  const permitOne = useCallback((usrId: string) => latest.current.onPermit([usrId]), []);
  const refuseOne = useCallback((usrId: string) => latest.current.refuse([usrId]), []);

  return (
    <Stack
      gap="xs"
      data-testid="waiting-room"
      data-state={enabled === undefined ? 'unknown' : enabled ? 'on' : 'off'}
      data-count={waiting.length}
      aria-busy={pending}
      style={pending ? { cursor: 'wait' } : undefined}
    >
      <NotOfferedControls reason={notOffered}>
        <Switch
          label={t`Waiting room`}
          checked={enabled === true}
          disabled={enabled === undefined || locked}
          onChange={(e) => props.onEnable(e.currentTarget.checked)}
        />
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Text size="sm">{t`${waiting.length} waiting`}</Text>
        {waiting.length > 0 && (
          <>
            <Table aria-label={t`Waiting users`} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>
                    <Checkbox
                      aria-label={t`Select all waiting users`}
                      checked={allTicked}
                      indeterminate={selected.length > 0 && !allTicked}
                      onChange={(e) => setTicked(e.currentTarget.checked ? new Set(waiting.map((w) => w.usrId)) : new Set())}
                    />
                  </Table.Th>
                  <Table.Th>
                    <Trans>Name</Trans>
                  </Table.Th>
                  <Table.Th>
                    <Trans>Operation</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {waiting.map((w) => (
                  <WaitingRow
                    key={w.usrId}
                    usrId={w.usrId}
                    name={w.name}
                    ticked={ticked.has(w.usrId)}
                    locked={locked}
                    onToggle={toggle}
                    onPermit={permitOne}
                    onRefuse={refuseOne}
                  />
                ))}
              </Table.Tbody>
            </Table>
            <Group gap="xs">
              <Button size="xs" disabled={locked || selected.length === 0} onClick={() => props.onPermit(selected)}>
                {t`Permit selected (${selected.length})`}
              </Button>
              <Button size="xs" color="red" variant="light" disabled={locked || selected.length === 0} onClick={() => refuse(selected)}>
                {t`Refuse selected (${selected.length})`}
              </Button>
            </Group>
          </>
        )}
        <MultiSelect
          label={t`Move participants to the waiting room`}
          searchable
          value={toMove.map((m) => m.usrId)}
          onChange={(ids) => setToMove(pickedFrom(ids, toMove, moveOptions))}
          data={moveOptions}
          filter={keepAllOptions}
          onSearchChange={setSearch}
          dropdownOpened={pickerOpen}
          // the picker sits at the foot of the scrolling sidebar: partly scrolled out, Mantine's
          // default hid its open list (the reference counts as detached), leaving nothing to pick
          comboboxProps={{ hideDetached: false }}
          onDropdownOpen={() => setPickerOpen(true)}
          onDropdownClose={() => setPickerOpen(false)}
          // the button stays level with the field's first line: the field grows and shrinks as
          // pills wrap and as it loses focus, and a button that moved between press and release
          // would take no click
          inputContainer={(field) => (
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <div style={{ flex: 1, minWidth: 0 }}>{field}</div>
              <Button size="xs" mt={3} disabled={locked || toMove.length === 0 || enabled !== true} onClick={moveIn}>
                <Trans>Move in</Trans>
              </Button>
            </Group>
          )}
        />
      </NotOfferedControls>
      <ConfirmationDialog
        ask={question?.ask ?? null}
        onCancel={() => setQuestion(null)}
        onConfirm={() => {
          question?.run();
          setQuestion(null);
        }}
      />
    </Stack>
  );
}

interface WaitingRowProps {
  usrId: string;
  name: string;
  ticked: boolean;
  locked: boolean;
  onToggle: (usrId: string, on: boolean) => void;
  onPermit: (usrId: string) => void;
  onRefuse: (usrId: string) => void;
}

/** One waiting person: renders again only when they, their tick or the lock change. */
const WaitingRow = memo(function WaitingRow({ usrId, name, ticked, locked, onToggle, onPermit, onRefuse }: WaitingRowProps) {
  const { t } = useLingui();
  return (
    <Table.Tr data-usr-id={usrId}>
      <Table.Td>
        <Checkbox aria-label={t`Select waiting user ${name}`} checked={ticked} onChange={(e) => onToggle(usrId, e.currentTarget.checked)} />
      </Table.Td>
      <Table.Td>{name}</Table.Td>
      <Table.Td>
        <Group gap={4}>
          <Button size="compact-xs" disabled={locked} aria-label={t`Permit ${name}`} onClick={() => onPermit(usrId)}>
            <Trans>Permit</Trans>
          </Button>
          <Button
            size="compact-xs"
            color="red"
            variant="light"
            disabled={locked}
            aria-label={t`Refuse ${name}`}
            onClick={() => onRefuse(usrId)}
          >
            <Trans>Refuse</Trans>
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
});

/** The picked participants with their names: the ones kept, then the ones just picked from the options. */
function pickedFrom(
  ids: readonly string[],
  before: readonly PickableParticipant[],
  options: readonly ParticipantOption[],
): PickableParticipant[] {
  const known = new Map(before.map((p) => [p.usrId, p]));
  for (const option of options) {
    for (const item of 'group' in option ? option.items : [option]) {
      if (!known.has(item.value)) known.set(item.value, { usrId: item.value, name: item.label });
    }
  }
  return ids.map((id) => known.get(id) ?? { usrId: id, name: id });
}
