/**
 * The participant table's column menu (issue 13 §8): shows or hides each secondary column. A
 * column that stepped back for want of width reads as hidden; choosing it shows it again (the
 * table then scrolls sideways if it must).
 */
import { ActionIcon, Menu } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SECONDARY_COLUMNS, type ColumnId } from './columns';

const NAMES: Partial<Record<ColumnId, MessageDescriptor>> = {
  index: msg`Index`,
  protocol: msg`Protocol`,
  address: msg`Remote address`,
  share: msg`Share content`,
  quality: msg`Quality`,
};

const asCheckItem = (el: HTMLElement | null) => el?.setAttribute('role', 'menuitemcheckbox');

export function ColumnMenu({
  shown,
  onChange,
}: {
  /** the columns on screen now */
  shown: ReadonlySet<ColumnId>;
  /** shows or hides one column */
  onChange: (id: ColumnId, show: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <Menu closeOnItemClick={false} position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="sm" aria-label={t`Columns`} title={t`Columns`} data-testid="column-menu">
          <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden focusable="false" fill="currentColor">
            <rect x="1" y="2" width="4" height="12" rx="1" />
            <rect x="6" y="2" width="4" height="12" rx="1" />
            <rect x="11" y="2" width="4" height="12" rx="1" />
          </svg>
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t`Columns`}</Menu.Label>
        {SECONDARY_COLUMNS.map((id) => {
          const on = shown.has(id);
          return (
            <Menu.Item
              key={id}
              // Mantine writes role="menuitem" over a role prop; a check item must read as one
              ref={asCheckItem}
              aria-checked={on}
              leftSection={
                <span aria-hidden style={{ display: 'inline-block', width: 14 }}>
                  {on ? '✓' : ''}
                </span>
              }
              onClick={() => onChange(id, !on)}
            >
              {i18n._(NAMES[id]!)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
