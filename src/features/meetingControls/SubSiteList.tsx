/**
 * The sub-sites of a cascaded meeting (spec §3 "Sub-site entry: name, usr_id, hide"; issue 30):
 * each with its name, id, a hide switch and Delete. A Delete waits the spec's 200 ms removal
 * delay with Undo in its place, then shows the removal on its way. Data and callbacks only: the
 * cascade machine holds the delay, the removals and the hidden set.
 *
 * Hiding is this console's view choice, never sent to the server: a hidden sub-site is left out
 * of the participant table and its counts and stays here, marked, to be shown again.
 */
import { useState } from 'react';
import { Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { SubSite, SubSiteRemoval } from '@machines/index';

export interface SubSiteListProps {
  subSites: readonly SubSite[];
  /** usr_id → where its Delete is; absent when none */
  removals: Readonly<Record<string, SubSiteRemoval>>;
  hidden: ReadonlySet<string>;
  /** translated refusal of the last removal, with the sub-site it concerns */
  error?: { usrId: string; text: string };
  onDelete: (subSite: SubSite) => void;
  onUndo: (usrId: string) => void;
  onHide: (usrId: string, hidden: boolean) => void;
}

export function SubSiteList({ subSites, removals, hidden, error, onDelete, onUndo, onHide }: SubSiteListProps) {
  const { t } = useLingui();
  // the keyboard stays on the row: Delete hands focus to Undo, Undo hands it back to Delete
  const [undone, setUndone] = useState<string>();
  return (
    <Stack gap={6} data-testid="sub-sites" aria-labelledby="sub-sites-title">
      <Text size="sm" fw={500} id="sub-sites-title">
        <Trans>Sub-sites</Trans>
      </Text>
      {subSites.length === 0 && (
        <Text size="xs" c="dimmed" data-testid="sub-sites-empty">
          <Trans>No sub-site is attached.</Trans>
        </Text>
      )}
      <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {subSites.map((s) => {
          const removal = removals[s.usrId];
          const isHidden = hidden.has(s.usrId);
          return (
            <li key={s.usrId} data-testid="sub-site" data-usr-id={s.usrId} data-state={removal ?? (isHidden ? 'hidden' : 'shown')}>
              <Group gap="xs" wrap="nowrap" justify="space-between" align="center">
                <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                  <Text size="sm" truncate="end" c={removal ? 'dimmed' : undefined} title={s.name}>
                    {s.name}
                  </Text>
                  <Text size="xs" c="dimmed" ff="monospace" truncate="end">
                    {s.online ? t`ID ${s.usrId}` : t`ID ${s.usrId} · offline`}
                  </Text>
                </Stack>
                {removal ? (
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      <Trans>Deleting…</Trans>
                    </Text>
                    {removal === 'undoable' ? (
                      <Button
                        size="compact-xs"
                        variant="default"
                        // eslint-disable-next-line jsx-a11y/no-autofocus -- the button appears in answer to the person's own click: focus stays where they act
                        autoFocus
                        aria-label={t`Undo deleting ${s.name}`}
                        onClick={() => {
                          setUndone(s.usrId);
                          onUndo(s.usrId);
                        }}
                      >
                        <Trans>Undo</Trans>
                      </Button>
                    ) : (
                      <Loader size="xs" color="gray" aria-hidden />
                    )}
                  </Group>
                ) : (
                  <Group gap={8} wrap="nowrap">
                    <Switch
                      size="xs"
                      label={t`Hide`}
                      aria-label={t`Hide ${s.name}`}
                      checked={isHidden}
                      onChange={(e) => onHide(s.usrId, e.currentTarget.checked)}
                    />
                    <Button
                      size="compact-xs"
                      variant="default"
                      // eslint-disable-next-line jsx-a11y/no-autofocus -- the undo put back the row the person acted on: focus returns to it
                      autoFocus={undone === s.usrId}
                      aria-label={t`Delete ${s.name}`}
                      onClick={() => onDelete(s)}
                    >
                      <Trans>Delete</Trans>
                    </Button>
                  </Group>
                )}
              </Group>
              {error?.usrId === s.usrId && (
                <Text size="xs" c="red" role="alert">
                  {error.text}
                </Text>
              )}
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}
