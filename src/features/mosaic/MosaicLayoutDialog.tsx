/**
 * Screen (mosaic) layout per role: main venue, honoured guest, audience and a custom layout.
 * Layouts come from the server (`sys_mosics`) and are drawn as their panes; each pane shows a
 * participant, an automatic choice, nothing, or the current main venue. Focus, shared content
 * and the special screen are pane marks; panes sort by dragging their row, or from the keyboard
 * on a pane's handle (Space picks up, arrows move, Space drops, Escape cancels; each step is
 * announced, see paneSort.ts). The
 * preview shows, side by side, what the main venue, the honoured guests and the audience will
 * each see with the draft: their screens drawn as the layout window draws them (the shared
 * src/components/roleScreen), with the participants who would be in each pane now, their names
 * and video-off states, before anything is sent.
 *
 * Length (over 400 lines on purpose): one dialog editing one draft per role (layout, panes, marks,
 * polling, preview) whose parts read the same draft; the diagram, the pane picker, the pane sort and
 * the model (mosaicModel.ts, paneSort.ts, paneLimit.ts) live apart.
 */
import { useEffect, useMemo, useRef, useState, type DragEvent, type FocusEvent, type KeyboardEvent } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MosicConfigEntry, MosicGroupEntry } from '@protocol/wire';
import { RC } from '@protocol/codes';
import { refusalText } from '#/i18n/refusal';
import { useNamesOf, type OnlineParticipants } from '#/session/onlineParticipants';
import { MosaicDiagram } from './MosaicDiagram';
import { PaneSourcePicker } from './PaneSourcePicker';
import { paneSortKey, type Lifted, type SortStep } from './paneSort';
import {
  assignPane,
  AUTO_MOSAIC,
  configFor,
  isTraditional,
  MOSAIC_ROLES,
  movePane,
  offersPaneMarks,
  PANE,
  sameConfig,
  POLL_INTERVALS,
  LAYOUT_MODE,
  TRADITIONAL_LAYOUT_MODE,
  withLayout,
  type MosaicRole,
} from './mosaicModel';
import type { MosaicGroupLike } from './types';
import { overLimit, paneLimitOf, type PaneLimitSource } from './paneLimit';
import type { ParticipantFeed } from '#/media/simulatedMedia';
import { RoleScreen } from '#/components/roleScreen/RoleScreen';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';
import { resolvedAutoLayout, SCREEN_ROLES, screenGroup, screenPanes } from '#/components/roleScreen/roleScreenModel';
import { useFeedVersion } from '#/components/roleScreen/useFeedVersion';

/** Without participants the preview's panes stay empty. */
const NOBODY = { get: () => undefined, list: () => [] };

const AUTO_GROUP: MosaicGroupLike = { mosic_id: AUTO_MOSAIC, mosic_cnts: 1, layout_coord: [] };

export interface MosaicLayoutDialogProps {
  opened: boolean;
  /** layouts the server offers (`sys_mosics`) */
  layouts: readonly MosicGroupEntry[];
  /** configurations the server holds, per role */
  configs: readonly MosicConfigEntry[] | undefined;
  /** the room's resource template: layouts of more panes than it allows a role are not offered */
  template?: PaneLimitSource;
  /** the online participants that can be put in a pane, searched only in an open pane picker */
  participants: OnlineParticipants;
  /** the participants as the media layer reads them, for the preview's panes; none: empty panes */
  feed?: ParticipantFeed | null;
  /** true while the apply is on its way */
  pending?: boolean;
  /** refusal of the last apply; default none */
  refusal?: unknown;
  /** sends the configurations of the roles that were edited */
  onApply: (configs: MosicConfigEntry[]) => void;
  onClose: () => void;
}

export function MosaicLayoutDialog(props: MosaicLayoutDialogProps) {
  const { opened, layouts, configs, template, participants, feed, pending = false, refusal, onApply, onClose } = props;
  // the preview follows who is in the meeting while the dialog is open
  useFeedVersion(feed, opened);
  const { t, i18n } = useLingui();
  // sent while the connection is lost, it would only be held: the button waits, and says why
  const lost = useConnectionLost();
  const [role, setRole] = useState<MosaicRole>('speaker');
  const [drafts, setDrafts] = useState<Partial<Record<MosaicRole, MosicConfigEntry>>>({});
  const [notice, setNotice] = useState<number | undefined>(undefined);
  const [dragFrom, setDragFrom] = useState<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const [lifted, setLifted] = useState<Lifted | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const handles = useRef<(HTMLButtonElement | null)[]>([]);
  // the carried pane's handle keeps the focus as the pane moves from row to row
  useEffect(() => {
    if (lifted) handles.current[lifted.at]?.focus();
  }, [lifted]);
  const fallback = t`The request failed, please try again`;

  const current = (r: MosaicRole) => drafts[r] ?? configFor(r, configs);
  const config = current(role);
  const paneMarks = offersPaneMarks(configs);
  const edit = (next: MosicConfigEntry) => {
    setDrafts((d) => ({ ...d, [role]: next }));
    setNotice(undefined);
  };

  const roleLabels: Record<MosaicRole, string> = {
    speaker: t`Main venue`,
    chair: t`Honoured guest`,
    guest: t`Audience`,
    custom: t`Customize`,
  };
  const fixedTokens = useMemo(
    () => [
      { value: PANE.auto, label: t`Automatic` },
      { value: PANE.empty, label: t`Empty` },
      { value: PANE.mainVenue, label: t`Current main venue` },
    ],
    [t],
  );
  // the names of the participants the panes of every role show, not the whole meeting's
  const shownIds = useMemo(() => {
    const isToken = new Set<string>(Object.values(PANE));
    const ids = new Set<string>();
    for (const r of MOSAIC_ROLES)
      for (const pane of (drafts[r] ?? configFor(r, configs)).roles_lst) if (pane[0] && !isToken.has(pane[0])) ids.add(pane[0]);
    return [...ids].sort();
  }, [drafts, configs]);
  const names = useNamesOf(participants, shownIds, opened);
  const nameOf = (token: string | undefined) => {
    switch (token) {
      case undefined:
      case PANE.auto:
        return t`Automatic`;
      case PANE.empty:
        return t`Empty`;
      case PANE.mainVenue:
        return t`Current main venue`;
      default:
        return names.get(token) ?? token;
    }
  };
  const paneLimit = paneLimitOf(template, role);
  const pickLayout = (group: MosaicGroupLike) => {
    if (group.mosic_id !== AUTO_MOSAIC && overLimit(group.mosic_cnts, paneLimit)) return;
    if (isTraditional(group)) {
      setNotice(RC.traditionalMosaicUnsupported);
      return;
    }
    edit(withLayout(config, group.mosic_id, group.mosic_cnts));
  };
  const mark = (key: 'focus_pane' | 'content_pane' | 'special_pane', pane: number) =>
    edit({ ...config, [key]: config[key] === pane ? -1 : pane });
  const onDrop = (to: number) => (e: DragEvent) => {
    e.preventDefault();
    if (dragFrom !== null) edit(movePane(config, dragFrom, to));
    setDragFrom(null);
    setDragOver(null);
  };
  const say = (step: SortStep, name: string) => {
    const a = step.announce;
    if (!a) return;
    const { position, count } = a;
    setAnnouncement(
      a.kind === 'picked'
        ? t`Picked up ${name}, pane ${position} of ${count}. The arrow keys move it, Space drops it, Escape cancels.`
        : a.kind === 'moved'
          ? t`${name} moved to pane ${position} of ${count}.`
          : a.kind === 'dropped'
            ? t`${name} dropped at pane ${position} of ${count}.`
            : t`Move cancelled: ${name} is back at pane ${position}.`,
    );
  };
  const onHandleKey = (pane: number) => (e: KeyboardEvent) => {
    const step = paneSortKey(e.key, pane, config.roles_lst.length, lifted);
    if (!step) return;
    e.preventDefault();
    e.stopPropagation();
    say(step, nameOf(config.roles_lst[lifted ? lifted.at : pane]?.[0]));
    if (step.move) edit(movePane(config, step.move.from, step.move.to));
    setLifted(step.lifted);
  };
  // focus leaving the handles drops the carried pane where it is
  const onHandleBlur = (e: FocusEvent) => {
    if (!lifted || handles.current.includes(e.relatedTarget as HTMLButtonElement)) return;
    say(
      { lifted: null, announce: { kind: 'dropped', position: lifted.at + 1, count: config.roles_lst.length } },
      nameOf(config.roles_lst[lifted.at]?.[0]),
    );
    setLifted(null);
  };
  // A draft the server now holds is no longer an edit: only roles that differ are sent again.
  const dirtyRoles = MOSAIC_ROLES.filter((r) => drafts[r] !== undefined && !sameConfig(drafts[r]!, configFor(r, configs)));
  const message = refusalText(notice, i18n.locale, fallback) ?? refusalText(refusal, i18n.locale, fallback);

  return (
    <Modal opened={opened} onClose={onClose} closeOnEscape={lifted === null} title={t`Screen layout`} size="min(1100px, 94vw)" centered>
      <Stack gap="sm" data-testid="mosaic-dialog" data-role={role}>
        <Tabs value={role} onChange={(v) => v && setRole(v as MosaicRole)}>
          <Tabs.List>
            {MOSAIC_ROLES.map((r) => (
              <Tabs.Tab key={r} value={r} data-dirty={dirtyRoles.includes(r) || undefined}>
                {roleLabels[r]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Text size="sm" fw={500}>
          <Trans>Layout</Trans>
        </Text>
        {/* every layout in view at once, wrapping: none hides in a scrolling strip */}
        <div
          role="radiogroup"
          aria-label={t`Layouts`}
          data-testid="mosaic-layouts"
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(84px, 1fr))', gap: 6, justifyItems: 'start' }}
        >
          {[AUTO_GROUP, ...layouts].map((g) => {
            const selected = config.mosic_id === g.mosic_id;
            const label = g.mosic_id === AUTO_MOSAIC ? t`Automatic layout` : t`Layout ${g.layout_desc || g.mosic_id}`;
            const capped = g.mosic_id !== AUTO_MOSAIC && overLimit(g.mosic_cnts, paneLimit);
            return (
              <UnstyledButton
                key={g.mosic_id}
                role="radio"
                aria-checked={selected}
                aria-label={label}
                // over the template's cap: still seen (so the cap is understood), not chosen
                aria-disabled={capped || undefined}
                aria-describedby={capped ? 'mosaic-pane-limit' : undefined}
                data-capped={capped || undefined}
                data-mosic-id={g.mosic_id}
                data-traditional={isTraditional(g) || undefined}
                onClick={() => pickLayout(g)}
                style={{
                  padding: 3,
                  border: `2px solid ${selected ? '#228be6' : 'transparent'}`,
                  borderRadius: 4,
                  ...(capped ? { opacity: 0.35, cursor: 'not-allowed' } : {}),
                }}
              >
                <MosaicDiagram group={g} width={72} labels={g.mosic_id === AUTO_MOSAIC ? [t`Auto`] : undefined} />
              </UnstyledButton>
            );
          })}
        </div>
        {paneLimit !== undefined && layouts.some((g) => overLimit(g.mosic_cnts, paneLimit)) && (
          <Text size="sm" c="dimmed" id="mosaic-pane-limit" data-testid="mosaic-pane-limit">
            <Trans>
              The resource template “{template?.name}” allows at most {paneLimit} panes here: larger layouts are greyed out.
            </Trans>
          </Text>
        )}
        {message && (
          <Alert color="red" role="alert">
            {message}
          </Alert>
        )}
        {config.mosic_id !== AUTO_MOSAIC && config.roles_lst.length > 0 && !paneMarks && (
          <Text size="sm" c="dimmed" data-testid="pane-marks-unavailable">
            <Trans>
              This platform keeps no focus, shared-content or special-screen pane: the layout shows each pane's video source only.
            </Trans>
          </Text>
        )}
        {config.mosic_id !== AUTO_MOSAIC && config.roles_lst.length > 0 && (
          <ScrollArea.Autosize mah={260}>
            <VisuallyHidden id="pane-sort-help">
              <Trans>
                Drag a row to reorder the panes, or press Space on its handle to pick the pane up, the arrow keys to move it, Space to drop
                it and Escape to cancel.
              </Trans>
            </VisuallyHidden>
            <VisuallyHidden aria-live="assertive" data-testid="pane-sort-status">
              {announcement}
            </VisuallyHidden>
            <Table aria-label={t`Panes`} data-testid="mosaic-panes">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>#</Table.Th>
                  <Table.Th>
                    <Trans>Video source</Trans>
                  </Table.Th>
                  {paneMarks && (
                    <>
                      <Table.Th>
                        <Trans>Focus</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Share content</Trans>
                      </Table.Th>
                      <Table.Th>
                        <Trans>Special screen</Trans>
                      </Table.Th>
                    </>
                  )}
                  <Table.Th>
                    <Trans>Order</Trans>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {config.roles_lst.map((paneTokens, i) => (
                  <Table.Tr
                    key={i}
                    draggable
                    data-pane={i}
                    data-token={paneTokens[0]}
                    data-lifted={lifted?.at === i || undefined}
                    data-drop-target={(dragFrom !== null && dragOver === i && dragFrom !== i) || undefined}
                    onDragStart={(e) => {
                      e.dataTransfer.effectAllowed = 'move';
                      setDragFrom(i);
                    }}
                    onDragOver={(e) => {
                      e.preventDefault();
                      if (dragOver !== i) setDragOver(i);
                    }}
                    onDragEnd={() => {
                      setDragFrom(null);
                      setDragOver(null);
                    }}
                    onDrop={onDrop(i)}
                    style={{
                      cursor: 'grab',
                      background: lifted?.at === i ? 'var(--mantine-color-blue-light)' : undefined,
                      boxShadow:
                        dragFrom !== null && dragOver === i && dragFrom !== i
                          ? 'inset 0 2px 0 var(--mantine-color-blue-filled)'
                          : undefined,
                    }}
                  >
                    <Table.Td>{i + 1}</Table.Td>
                    <Table.Td>
                      <PaneSourcePicker
                        pane={i}
                        value={paneTokens[0] ?? PANE.auto}
                        valueName={paneTokens[0] === undefined ? undefined : names.get(paneTokens[0])}
                        fixed={fixedTokens}
                        candidates={participants}
                        onChange={(v) => edit(assignPane(config, i, v))}
                      />
                    </Table.Td>
                    {paneMarks && (
                      <>
                        <Table.Td>
                          <Radio
                            aria-label={t`Focus pane ${i + 1}`}
                            checked={config.focus_pane === i}
                            onChange={() => {}}
                            onClick={() => mark('focus_pane', i)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Radio
                            aria-label={t`Share content in pane ${i + 1}`}
                            checked={config.content_pane === i}
                            onChange={() => {}}
                            onClick={() => mark('content_pane', i)}
                          />
                        </Table.Td>
                        <Table.Td>
                          <Radio
                            aria-label={t`Special screen in pane ${i + 1}`}
                            checked={config.special_pane === i}
                            onChange={() => {}}
                            onClick={() => mark('special_pane', i)}
                          />
                        </Table.Td>
                      </>
                    )}
                    <Table.Td>
                      <ActionIcon
                        ref={(el) => {
                          handles.current[i] = el;
                        }}
                        variant={lifted?.at === i ? 'filled' : 'subtle'}
                        color="gray"
                        aria-label={t`Move pane ${i + 1}`}
                        aria-describedby="pane-sort-help"
                        data-testid="pane-handle"
                        onKeyDown={onHandleKey(i)}
                        onBlur={onHandleBlur}
                        style={{ cursor: 'grab' }}
                      >
                        <GripIcon />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group gap="md" align="flex-end">
          <Select
            w={180}
            label={t`Automatic poll interval`}
            allowDeselect={false}
            value={String(config.poll_secs)}
            data={POLL_INTERVALS.map((s) => ({ value: String(s), label: t`${s} seconds` }))}
            onChange={(v) => v !== null && edit({ ...config, poll_secs: Number(v) })}
          />
          <Checkbox
            label={t`Traditional mosaic`}
            disabled={config.mosic_id === AUTO_MOSAIC}
            checked={config.layout_mode !== LAYOUT_MODE}
            onChange={(e) => edit({ ...config, layout_mode: e.currentTarget.checked ? TRADITIONAL_LAYOUT_MODE : LAYOUT_MODE })}
          />
          <Checkbox
            label={t`Participants see themselves`}
            checked={config.view_has_self === 1}
            onChange={(e) => edit({ ...config, view_has_self: e.currentTarget.checked ? 1 : 0 })}
          />
        </Group>
        <Text size="sm" fw={500} id="mosaic-preview-title">
          <Trans>What each role will see</Trans>
        </Text>
        <SimpleGrid cols={3} spacing="xs" data-testid="mosaic-preview" role="group" aria-labelledby="mosaic-preview-title">
          {SCREEN_ROLES.map((r) => {
            const c = current(r);
            const group = screenGroup(c, layouts, resolvedAutoLayout(configs));
            const panes = screenPanes({ config: c, group, lookup: feed ?? NOBODY, nowSecs: Math.floor(Date.now() / 1000) });
            return (
              <Stack key={r} gap={2} data-preview-role={r} data-mosic-id={c.mosic_id} data-dirty={dirtyRoles.includes(r) || undefined}>
                <Text size="xs" fw={dirtyRoles.includes(r) ? 700 : 400}>
                  {dirtyRoles.includes(r) ? t`${roleLabels[r]} (changed)` : roleLabels[r]}
                </Text>
                <div style={{ height: 170 }}>
                  <RoleScreen
                    panes={panes}
                    mosicId={group.mosic_id}
                    role={r}
                    label={t`${roleLabels[r]}: preview`}
                    media={null}
                    video={false}
                    names
                    talk={false}
                    testId="preview-screen"
                  />
                </div>
              </Stack>
            );
          })}
        </SimpleGrid>
        <ConnectionLostReason lost={lost} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button loading={pending} disabled={dirtyRoles.length === 0 || lost} onClick={() => onApply(dirtyRoles.map((r) => current(r)))}>
            <Trans>Apply layout</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function GripIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 14 14" fill="currentColor" aria-hidden="true">
      {[3, 7, 11].map((y) => [5, 9].map((x) => <circle key={`${x}-${y}`} cx={x} cy={y} r={1.3} />))}
    </svg>
  );
}
