/**
 * The participant table's header row: select-all, the column names, the quality column's settings
 * and the column menu. Memoised apart from the body: the body re-renders on every scroll frame
 * that moves its window, and the header's Mantine checkbox, menus and the quality settings (with
 * their alert list) were rendered again in each of those frames (issue 27 item 1).
 */
import { memo } from 'react';
import { Checkbox } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { QualityHeader } from '#/quality/QualityColumn';
import { ColumnMenu } from './ColumnMenu';
import type { ColumnId } from './columns';

export interface TableHeaderProps {
  /** the grid template the rows share */
  template: string;
  shown: ReadonlySet<ColumnId>;
  height: number;
  allSelected: boolean;
  someSelected: boolean;
  onToggleAll: () => void;
  onColumnChange: (id: ColumnId, show: boolean) => void;
  style: React.CSSProperties;
}

export const ParticipantTableHeader = memo(function ParticipantTableHeader({
  template,
  shown,
  height,
  allSelected,
  someSelected,
  onToggleAll,
  onColumnChange,
  style,
}: TableHeaderProps) {
  const { t } = useLingui();
  return (
    <div role="rowgroup">
      <div role="row" aria-rowindex={1} style={{ ...style, gridTemplateColumns: template, height, fontWeight: 600 }}>
        <div role="columnheader">
          <Checkbox
            aria-label={t`Select all in this tab`}
            checked={allSelected}
            indeterminate={someSelected}
            onChange={onToggleAll}
            size="xs"
          />
        </div>
        <div role="columnheader">
          <Trans>Name</Trans>
        </div>
        {shown.has('index') && (
          <div role="columnheader">
            <Trans>Index</Trans>
          </div>
        )}
        {shown.has('protocol') && (
          <div role="columnheader">
            <Trans>Protocol</Trans>
          </div>
        )}
        {shown.has('address') && (
          <div role="columnheader">
            <Trans>Remote address</Trans>
          </div>
        )}
        <div role="columnheader">
          <Trans>Status</Trans>
        </div>
        {shown.has('share') && (
          <div role="columnheader">
            <Trans>Share content</Trans>
          </div>
        )}
        <div role="columnheader">
          <Trans>Audio</Trans>
        </div>
        <div role="columnheader">
          <Trans>Speaker</Trans>
        </div>
        <div role="columnheader">
          <Trans>Raised hand</Trans>
        </div>
        <div role="columnheader">
          <Trans>Video/watch</Trans>
        </div>
        {shown.has('quality') && (
          <div role="columnheader">
            <QualityHeader />
          </div>
        )}
        <div role="columnheader" style={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <Trans>Operation</Trans>
          <ColumnMenu shown={shown} onChange={onColumnChange} />
        </div>
      </div>
    </div>
  );
});
