/**
 * The mark on a participant's row while they are free against a meeting-wide ban (mute all,
 * listen ban, watch ban), with who freed them when the activity log tells (issue 16 item 2).
 */
import { VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import type { BanBreachMark, BanKind } from '#/session/banBreaches';
import classes from './ParticipantTable.module.css';

export function BanBreachBadge({
  mark,
}: {
  /** the row's breach (the row reads it once: its cells are marked too) */
  mark: BanBreachMark;
}) {
  const { t } = useLingui();
  const what: Record<BanKind, string> = {
    mute: t`unmuted while all are muted`,
    listen: t`listening despite the listen ban`,
    watch: t`watching despite the watch ban`,
  };
  const by = !mark.by
    ? t`by whom unknown`
    : mark.by.peerIp
      ? mark.by.role === 'host'
        ? t`by Host, ${mark.by.peerIp}`
        : t`by Supervisor, ${mark.by.peerIp}`
      : mark.by.role === 'host'
        ? t`by Host, this console`
        : t`by Supervisor, this console`;
  const detail = `${mark.kinds.map((kind) => what[kind]).join('; ')} (${by})`;
  return (
    <span className={classes.badge} data-breach={mark.kinds.join(' ')} title={detail}>
      {t`Against the ban`}
      <VisuallyHidden>: {detail}</VisuallyHidden>
    </span>
  );
}
