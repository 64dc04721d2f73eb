/**
 * The participant tabs of spec §2 with their counts, plus the user's own filter tabs.
 */
import { ActionIcon, Badge, Button, Group, Tabs } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { BUILTIN_TABS, type BuiltinTab, type CustomTab, type TabCounts, type TabKey } from './participantModel';

const TAB_LABELS: Record<BuiltinTab, MessageDescriptor> = {
  all: msg`All`,
  offline: msg`Offline`,
  online: msg`Online`,
  active: msg`Active people`,
  hand: msg`Raise hand`,
  waiting: msg`Waiting room`,
  chair: msg`Honoured guests`,
};

export interface ParticipantTabsProps {
  /** the active tab */
  value: TabKey;
  /** the user's own tabs, in creation order */
  customTabs: readonly CustomTab[];
  /** counts of every tab */
  counts: TabCounts;
  /** switches tab */
  onChange: (tab: TabKey) => void;
  /** opens the "new tab" dialog */
  onAddTab: () => void;
  /** deletes one of the user's tabs */
  onDeleteTab: (id: string) => void;
  /** the search box, on the tabs' line (it filters the tab shown): a line of its own cost the table two rows */
  search?: ReactNode;
}

export function ParticipantTabs({ value, customTabs, counts, onChange, onAddTab, onDeleteTab, search }: ParticipantTabsProps) {
  const { t, i18n } = useLingui();
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Tabs
        value={value}
        onChange={(v) => v && onChange(v as TabKey)}
        style={{ flex: 1, minWidth: 0 }}
        styles={{ tab: { paddingInline: 10 } }}
      >
        {/* tabs of Mantine's 16 px side padding wrapped the built-in seven onto a second line at
            1280 px in English once 'Honoured guests' came (issue 26: each line costs the table a
            row); 10 px keeps them on one, custom tabs may still wrap */}
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {BUILTIN_TABS.map((tab) => (
            <Tabs.Tab
              key={tab}
              value={tab}
              data-tab={tab}
              data-count={counts[tab]}
              rightSection={
                <Badge size="xs" variant="light" aria-hidden>
                  {counts[tab]}
                </Badge>
              }
            >
              {i18n._(TAB_LABELS[tab])}
            </Tabs.Tab>
          ))}
          {customTabs.map((tab) => (
            <Tabs.Tab
              key={tab.id}
              value={`custom:${tab.id}`}
              data-tab={`custom:${tab.id}`}
              data-count={counts.custom[tab.id] ?? 0}
              rightSection={
                <Badge size="xs" variant="outline" aria-hidden>
                  {counts.custom[tab.id] ?? 0}
                </Badge>
              }
            >
              {tab.name}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {value.startsWith('custom:') && (
        <ActionIcon variant="subtle" color="red" aria-label={t`Delete this tab`} onClick={() => onDeleteTab(value.slice('custom:'.length))}>
          ×
        </ActionIcon>
      )}
      <Button size="compact-sm" variant="light" onClick={onAddTab}>
        <Trans>New tab</Trans>
      </Button>
      {search}
    </Group>
  );
}
