/**
 * The participant half of the control screen, from data and callbacks only: tabs with counts,
 * tab actions, the windowed table and the dialogs they open. The container
 * (ParticipantsPanel) feeds it from the session actor; tests feed it directly.
 */
import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { Stack, TextInput } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { countTabs, matchesQuery, visibleRows, type ParticipantRow, type SortMode, type TabKey } from './participantModel';
import { ParticipantTabs } from './ParticipantTabs';
import { ParticipantTable, type PendingIds, type RowDialog } from './ParticipantTable';
import { TabActions, type ActionDialog, type MeetingFlags } from './TabActions';
import { lazyDialog } from '#/components/lazyLoad';
import type { RollCallView } from './RollCallDialog';

// the dialogs load when first opened
const CustomTabDialog = lazyDialog(() => import('./CustomTabDialog').then((m) => m.CustomTabDialog));
const RenameDialog = lazyDialog(() => import('./RenameDialog').then((m) => m.RenameDialog), (p) => p.currentName !== null);
const RollCallDialog = lazyDialog(() => import('./RollCallDialog').then((m) => m.RollCallDialog));
const TempCallDialog = lazyDialog(() => import('./TempCallDialog').then((m) => m.TempCallDialog));
import { useCustomTabs } from './customTabsStore';
import type { CommandSink } from './commands';

export interface ParticipantsViewProps {
  /** every participant of the meeting (roster and online endpoints merged) */
  rows: readonly ParticipantRow[];
  /** meeting-wide switches */
  flags: MeetingFlags;
  /** the roll call in progress, null when none */
  rollCall: { usrId: string; view: RollCallView } | null;
  /** usr_ids with a command in flight */
  pending: PendingIds;
  /** a meeting-wide command is in flight */
  busy: boolean;
  /** where this user's filter tabs are kept (see customTabsKey) */
  customTabsKey: string;
  /** sends a command to the session */
  onCommand: CommandSink;
  /** renders the dialogs of other features for a row (camera, microphone, statistics) */
  renderRowDialog?: (dialog: Exclude<RowDialog, 'rename'>, row: ParticipantRow, close: () => void) => ReactNode;
  /** renders the address book when it is opened */
  renderAddressBook?: (close: () => void) => ReactNode;
  /** height of the table body in px */
  tableHeight?: number;
}

export function ParticipantsView({
  rows,
  flags,
  rollCall,
  pending,
  busy,
  customTabsKey,
  onCommand,
  renderRowDialog,
  renderAddressBook,
  tableHeight,
}: ParticipantsViewProps) {
  const { i18n, t } = useLingui();
  const [tab, setTab] = useState<TabKey>('all');
  const [sort, setSort] = useState<SortMode>('custom');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [customTabs, setCustomTabs] = useCustomTabs(customTabsKey);
  const [actionDialog, setActionDialog] = useState<ActionDialog | 'newTab' | null>(null);
  const [rowDialog, setRowDialog] = useState<{ dialog: RowDialog; usrId: string } | null>(null);

  const collator = useMemo(() => new Intl.Collator(i18n.locale === 'zh' ? 'zh-CN' : 'en'), [i18n.locale]);
  const counts = useMemo(() => countTabs(rows, customTabs), [rows, customTabs]);
  const inTab = useMemo(() => visibleRows(rows, tab, customTabs, sort, collator), [rows, tab, customTabs, sort, collator]);
  // "Find participant" narrows the tab to the names and addresses typed (keyboard users' way to a row)
  const shown = useMemo(() => (query.trim() ? inTab.filter((r) => matchesQuery(r, query)) : inTab), [inTab, query]);
  // bulk actions act on the selected rows still shown (a participant who left drops out)
  const selectedIds = useMemo(() => shown.filter((r) => selected.has(r.usrId)).map((r) => r.usrId), [shown, selected]);
  const rollCallOpen = actionDialog === 'rollCall';
  const online = useMemo(
    () => (rollCallOpen ? visibleRows(rows, 'online', [], sort, collator) : []),
    [rollCallOpen, rows, sort, collator],
  );

  const openRowDialog = useCallback((dialog: RowDialog, row: ParticipantRow) => setRowDialog({ dialog, usrId: row.usrId }), []);
  const dialogRow = rowDialog ? rows.find((r) => r.usrId === rowDialog.usrId) ?? null : null;
  const closeRowDialog = useCallback(() => setRowDialog(null), []);

  return (
    <Stack gap="xs" data-testid="participants-view">
      <ParticipantTabs
        value={tab}
        customTabs={customTabs}
        counts={counts}
        onChange={(next) => {
          setTab(next);
          setSelected(new Set());
        }}
        onAddTab={() => setActionDialog('newTab')}
        onDeleteTab={(id) => {
          setCustomTabs(customTabs.filter((c) => c.id !== id));
          setTab('all');
        }}
      />
      <TextInput
        type="search"
        size="xs"
        maw={320}
        label={t`Find participant`}
        placeholder={t`Name or address`}
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
      />
      <TabActions
        flags={flags}
        selectedIds={selectedIds}
        waitingTab={tab === 'waiting'}
        sort={sort}
        onSortChange={setSort}
        onClearSelection={() => setSelected(new Set())}
        onCommand={onCommand}
        onOpenDialog={setActionDialog}
        busy={busy}
      />
      <ParticipantTable
        rows={shown}
        selected={selected}
        pending={pending}
        onSelectionChange={setSelected}
        onCommand={onCommand}
        onOpenDialog={openRowDialog}
        height={tableHeight}
        waitingRoomOn={flags.waitingRoomOn}
      />
      <CustomTabDialog
        opened={actionDialog === 'newTab'}
        existing={customTabs}
        selectedIds={selectedIds}
        onClose={() => setActionDialog(null)}
        onCreate={(created) => {
          setCustomTabs([...customTabs, created]);
          setActionDialog(null);
          setTab(`custom:${created.id}`);
        }}
      />
      <TempCallDialog
        opened={actionDialog === 'tempCall'}
        onClose={() => setActionDialog(null)}
        onCall={(call) => {
          onCommand({ type: 'tempCall', ...call });
          setActionDialog(null);
        }}
      />
      <RollCallDialog
        opened={actionDialog === 'rollCall'}
        candidates={online}
        current={rollCall}
        onCommand={onCommand}
        onClose={() => setActionDialog(null)}
      />
      {actionDialog === 'addressBook' && renderAddressBook?.(() => setActionDialog(null))}
      <RenameDialog
        currentName={rowDialog?.dialog === 'rename' && dialogRow ? dialogRow.name : null}
        onClose={closeRowDialog}
        onRename={(name) => {
          if (dialogRow) onCommand({ type: 'eps', action: 'displayname', usrIds: [dialogRow.usrId], value: name });
          closeRowDialog();
        }}
      />
      {rowDialog && rowDialog.dialog !== 'rename' && dialogRow && renderRowDialog?.(rowDialog.dialog, dialogRow, closeRowDialog)}
    </Stack>
  );
}
