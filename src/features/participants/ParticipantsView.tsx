/**
 * The participant half of the control screen, from data and callbacks only: tabs with counts,
 * tab actions, the windowed table and the dialogs they open. The container
 * (ParticipantsPanel) feeds it from the session actor; tests feed it directly.
 */
import type { FailedCallMark } from './failedCalls';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { visibleRows, type ParticipantRow, type SortMode, type TabKey } from './participantModel';
import { enterTarget, searchRows } from './searchModel';
import { SearchBox } from './SearchBox';
import { minutesRaised } from './handQueue';
import { useHandClock } from './useHandQueue';
import { TabIndex } from './tabIndex';
import type { Confirmation } from '#/components/confirmation';
import { confirmationOf } from './commandOutcome';
import { raisedForText } from './outcomeText';
import { ConfirmationDialog } from '#/components/ConfirmDialog';
import { CommandsPause } from '#/components/CommandsPause';
import { ParticipantTabs } from './ParticipantTabs';
import { ParticipantTable } from './ParticipantTable';
import type { PendingIds, RowDialog } from './tableTypes';
import { useQualityOrder } from '#/quality/QualityContext';
import { TabActions, type ActionDialog, type MeetingFlags } from './TabActions';
import { lazyDialog } from '#/components/lazyLoad';
import type { RollCallView } from './RollCallDialog';

// the dialogs load when first opened
const CustomTabDialog = lazyDialog(() => import('./CustomTabDialog').then((m) => m.CustomTabDialog));
const RenameDialog = lazyDialog(
  () => import('./RenameDialog').then((m) => m.RenameDialog),
  (p) => p.currentName !== null,
);
const RollCallDialog = lazyDialog(() => import('./RollCallDialog').then((m) => m.RollCallDialog));
const TempCallDialog = lazyDialog(() => import('./TempCallDialog').then((m) => m.TempCallDialog));
import { useCustomTabs } from './customTabsStore';
import type { CommandMeta, CommandSink, ParticipantCommand } from './commands';
import { TabShortcuts } from './TabShortcuts';
import { TempCallStatus } from './TempCallStatus';
import type { PlacedTempCall } from './tempCallOutcome';
import { onControlRequest } from '#/session/controlRequests';
import type { CallLimit } from '@protocol/callLimit';

const NONE: readonly string[] = [];

export interface ParticipantsViewProps {
  /** every participant of the meeting (roster and online endpoints merged) */
  rows: readonly ParticipantRow[];
  /** the roster number of a participant (Index), looked up for the rows on screen; absent: the row's own or its place */
  numberOf?: (usrId: string) => number | undefined;
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
  /** the change feed is lost: the table is stale and commands wait (issue 13 §4) */
  stale?: boolean;
  /** the private talk: with whom ('' none), and whether this console may start one (a supervisor) */
  privateTalk?: { usrId: string; canStart: boolean };
  /** the server is Podium: its own "mute everyone" is offered beside the recipes */
  podium?: boolean;
  /** invited addresses whose last call failed: their offline rows are marked */
  failedCalls?: ReadonlyMap<string, FailedCallMark>;
  /** the room's max_call against one more temporary call; absent: not told, nothing held back */
  callLimit?: CallLimit;
  /** seconds to add to this computer's clock to get the server's (src/session/serverClock.ts): hand times are the server's */
  serverClockOffsetSec?: number;
}

export function ParticipantsView({
  rows,
  numberOf,
  flags,
  rollCall,
  pending,
  busy,
  customTabsKey,
  onCommand,
  renderRowDialog,
  renderAddressBook,
  tableHeight,
  stale = false,
  privateTalk,
  podium = false,
  failedCalls,
  callLimit,
  serverClockOffsetSec = 0,
}: ParticipantsViewProps) {
  const { i18n, t } = useLingui();
  // whole seconds: a new info answer moves the offset by a few ms, which should not recompute the tabs
  const clockOffsetMs = Math.round(serverClockOffsetSec) * 1000;
  const [tab, setTab] = useState<TabKey>('all');
  const [sort, setSort] = useState<SortMode>('custom');
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [customTabs, setCustomTabs] = useCustomTabs(customTabsKey);
  const [actionDialog, setActionDialog] = useState<ActionDialog | 'newTab' | null>(null);
  const [rowDialog, setRowDialog] = useState<{ dialog: RowDialog; usrId: string } | null>(null);
  // the hands tab's "Show the talker on screen": on until turned off, for this view
  const [showTalker, setShowTalker] = useState(true);

  const collator = useMemo(() => new Intl.Collator(i18n.locale === 'zh' ? 'zh-CN' : 'en'), [i18n.locale]);
  // the counts, hand times and the tab's rows follow the rows each feed batch changed, not all
  // 10,000 (issue 27); the raise-hand tab is a queue: oldest raise first, unless a name order was picked
  const index = useRef<TabIndex>(null);
  index.current ??= new TabIndex();
  const derived = useMemo(
    () => index.current!.update({ rows, tab, custom: customTabs, sort, collator, now: Date.now() + clockOffsetMs }),
    [rows, tab, customTabs, sort, collator, clockOffsetMs],
  );
  const counts = derived.counts;
  const inTab = derived.inTab;
  // the host's last temporary call, whose result shows until closed
  const [placedCall, setPlacedCall] = useState<PlacedTempCall | null>(null);
  const handClock = useHandClock(derived.times.size > 0, clockOffsetMs);
  const hands = useMemo(() => ({ times: derived.times, now: handClock }), [derived.times, handClock]);
  // the search narrows the tab to the names, numbers, addresses or ids typed
  const shown = useMemo(() => searchRows(inTab, query), [inTab, query]);
  const [menuRequest, setMenuRequest] = useState<{ usrId: string } | null>(null);
  // Looked up for the rows on screen only: built for every hand up, 2,000 formatted durations and
  // a set were made again on each feed batch in the raise-hand tab (issue 27 item 1)
  const raisedFor = useMemo(
    () => ({
      get: (usrId: string) => {
        const at = hands.times.get(usrId);
        return at === undefined ? undefined : raisedForText(i18n, minutesRaised(at, hands.now) ?? 0);
      },
    }),
    [hands.times, hands.now, i18n],
  );
  // hands up for over a minute stand out in every tab (issue 26 item 2)
  const longHands = useMemo(
    () => ({ has: (usrId: string) => (minutesRaised(hands.times.get(usrId), hands.now) ?? 0) >= 1 }),
    [hands.times, hands.now],
  );
  const [question, setQuestion] = useState<{ cmd: ParticipantCommand; meta?: CommandMeta; ask: Confirmation } | null>(null);
  const nameOf = useCallback((usrId: string) => rows.find((r) => r.usrId === usrId)?.name, [rows]);
  // commands that cannot simply be undone ask first, naming who and how many (issue 13 §2)
  const send: CommandSink = useCallback(
    (given, meta) => {
      // accepting one hand from its row follows the hands tab's option (the bulk bar sets it itself)
      const cmd =
        given.type === 'acceptHands' && given.showTalker === undefined
          ? { ...given, showTalker: showTalker && given.usrIds.length === 1 }
          : given;
      const ask = confirmationOf(cmd, { onlineCount: flags.onlineCount, handCount: counts.hand, nameOf, bulk: meta?.bulk === true });
      if (ask) setQuestion({ cmd, meta, ask });
      else onCommand(cmd, meta);
    },
    [flags.onlineCount, counts.hand, nameOf, onCommand, showTalker],
  );
  // The toolbar and the shortcuts are memoised: they get stable functions that call the latest
  // ones. `send` and the online count move with nearly every feed batch (the counts, the rows for
  // names), and handed over as they are they rendered every button of the toolbar on each batch.
  const latest = useRef({ send, onCommand, onlineCount: flags.onlineCount, handTimes: hands.times });
  useLayoutEffect(() => {
    latest.current = { send, onCommand, onlineCount: flags.onlineCount, handTimes: hands.times };
  });
  // the hand times hold exactly the hands up in the meeting (handQueue.ts), oldest first
  const raisedIds = useCallback(() => [...latest.current.handTimes.keys()], []);
  const sendBulk: CommandSink = useCallback((cmd) => latest.current.send(cmd, { bulk: true }), []);
  const sendShortcut: CommandSink = useCallback((cmd) => latest.current.onCommand(cmd, { bulk: true }), []);
  const countOnline = useCallback(() => latest.current.onlineCount, []);
  const clearSelection = useCallback(() => setSelected(new Set()), []);
  const { allGuestsMute, muteAllOn, audienceListenRestricted, audienceWatchRestricted, waitingRoomOn, focus } = flags;
  const toolbarFlags = useMemo(
    () => ({ allGuestsMute, muteAllOn, audienceListenRestricted, audienceWatchRestricted, waitingRoomOn, focus }),
    [allGuestsMute, muteAllOn, audienceListenRestricted, audienceWatchRestricted, waitingRoomOn, focus],
  );
  // worst first by loss or jitter when chosen in the quality column
  const ordered = useQualityOrder(shown);
  // bulk actions act on the selected rows still shown (a participant who left drops out)
  const selectedIds = useMemo(
    () => (selected.size === 0 ? NONE : shown.filter((r) => selected.has(r.usrId)).map((r) => r.usrId)),
    [shown, selected],
  );
  const rollCallOpen = actionDialog === 'rollCall';
  const online = useMemo(() => (rollCallOpen ? visibleRows(rows, 'online', [], sort, collator) : []), [rollCallOpen, rows, sort, collator]);

  const openRowDialog = useCallback((dialog: RowDialog, row: ParticipantRow) => setRowDialog({ dialog, usrId: row.usrId }), []);
  const dialogRow = rowDialog ? (rows.find((r) => r.usrId === rowDialog.usrId) ?? null) : null;
  const closeRowDialog = useCallback(() => setRowDialog(null), []);

  // the header's chips show the waiting room or the raised hands, or open the roll call
  useEffect(
    () =>
      onControlRequest((request) => {
        if (request.kind === 'rollCall') setActionDialog('rollCall');
        else {
          setTab(request.tab);
          setSelected(new Set());
        }
      }),
    [],
  );

  // The tabs, the search box and the confirmation are elements kept while what they show is the
  // same: rendered anew with each feed batch, their Mantine components (buttons, badges, the text
  // input, a closed modal) were much of a batch's render (issue 27 item 1). Their handlers read
  // the latest state through `forTabs`.
  const forTabs = useRef({ customTabs, query, shown, inTab, setCustomTabs });
  useLayoutEffect(() => {
    forTabs.current = { customTabs, query, shown, inTab, setCustomTabs };
  });
  const changeTab = useCallback((next: TabKey) => {
    setTab(next);
    setSelected(new Set());
  }, []);
  const addTab = useCallback(() => setActionDialog('newTab'), []);
  const deleteTab = useCallback((id: string) => {
    const { customTabs: now, setCustomTabs: save } = forTabs.current;
    save(now.filter((c) => c.id !== id));
    setTab('all');
  }, []);
  const enterSearch = useCallback((text: string) => {
    const { query: typed, shown: rowsShown, inTab: tabRows } = forTabs.current;
    // the text as typed, even when the table is a key behind
    const only = enterTarget(text === typed ? rowsShown : searchRows(tabRows, text), text);
    if (only) setMenuRequest({ usrId: only.usrId });
  }, []);
  const shownCount = shown.length;
  const tabCount = inTab.length;
  const tabsBar = useMemo(
    () => (
      <ParticipantTabs
        value={tab}
        customTabs={customTabs}
        counts={counts}
        onChange={changeTab}
        onAddTab={addTab}
        onDeleteTab={deleteTab}
        search={<SearchBox onChange={setQuery} shown={shownCount} total={tabCount} onEnter={enterSearch} />}
      />
    ),
    [tab, customTabs, counts, changeTab, addTab, deleteTab, shownCount, tabCount, enterSearch],
  );
  const confirmation = useMemo(
    () => (
      <ConfirmationDialog
        ask={question?.ask ?? null}
        onCancel={() => setQuestion(null)}
        onConfirm={() => {
          if (question) onCommand(question.cmd, question.meta);
          setQuestion(null);
        }}
      />
    ),
    [question, onCommand],
  );

  return (
    <Stack gap="xs" data-testid="participants-view" data-search={query}>
      {tabsBar}
      {placedCall && <TempCallStatus call={placedCall} rows={rows} failedCalls={failedCalls} onClose={() => setPlacedCall(null)} />}
      <CommandsPause paused={stale} reason={t`Commands wait until the connection is back`}>
        <TabActions
          flags={toolbarFlags}
          countOnline={countOnline}
          selectedIds={selectedIds}
          waitingTab={tab === 'waiting'}
          handTab={tab === 'hand'}
          sort={sort}
          onSortChange={setSort}
          onClearSelection={clearSelection}
          onCommand={sendBulk}
          onOpenDialog={setActionDialog}
          busy={busy}
          podium={podium}
          raisedIds={raisedIds}
          anyRaised={hands.times.size > 0}
          showTalker={showTalker}
          onShowTalkerChange={setShowTalker}
        />
        {/* the shortcuts ask their own question (refuse all): they go straight to the session */}
        <TabShortcuts tab={tab} rows={shown} onCommand={sendShortcut} />
        <ParticipantTable
          rows={ordered}
          numberOf={numberOf}
          selected={selected}
          pending={pending}
          onSelectionChange={setSelected}
          onCommand={send}
          onOpenDialog={openRowDialog}
          height={tableHeight}
          waitingRoomOn={flags.waitingRoomOn}
          menuRequest={menuRequest}
          raisedFor={tab === 'hand' ? raisedFor : undefined}
          longHands={longHands}
          failedCalls={failedCalls}
          privateTalk={privateTalk}
        />
      </CommandsPause>
      {confirmation}
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
        limit={callLimit}
        onClose={() => setActionDialog(null)}
        onAddByNumber={(userNumber) => {
          // a registered user by number: invited as the platform's clients invite registered endpoints
          onCommand({ type: 'eps', action: 'add_participants', usrIds: [userNumber] });
          // its result (joined, or failed with the server's reason such as max_calls) shows above the table
          const onlineBefore = new Set(rows.filter((r) => r.online).map((r) => r.usrId));
          setPlacedCall({ address: '', name: userNumber, usrId: userNumber, sentAt: Date.now() / 1000, onlineBefore });
          setActionDialog(null);
        }}
        onCall={(call) => {
          onCommand({ type: 'tempCall', ...call });
          const onlineBefore = new Set(rows.filter((r) => r.online).map((r) => r.usrId));
          setPlacedCall({ address: call.callUrl, name: call.dispName, sentAt: Date.now() / 1000, onlineBefore });
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
