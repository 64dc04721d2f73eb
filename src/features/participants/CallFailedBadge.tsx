/**
 * The mark on an offline participant's row whose last call failed (issue 26 item 2), with the
 * reason and time in its tooltip and accessible text.
 */
import { VisuallyHidden } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { CALL_FAILURE_REASONS, localize, type CallFailureReason } from '@protocol/codes';
import { endpointTypeText } from '#/i18n/endpointType';
import type { FailedCallMark } from './failedCalls';
import classes from './ParticipantTable.module.css';

export function CallFailedBadge({
  mark,
}: {
  /** the reason code and time of the failure */
  mark: FailedCallMark;
}) {
  const { t, i18n } = useLingui();
  const reason = Object.hasOwn(CALL_FAILURE_REASONS, mark.reason)
    ? localize(CALL_FAILURE_REASONS[mark.reason as CallFailureReason], i18n.locale)
    : mark.reason;
  const time = i18n.date(new Date(mark.time * 1000), { timeStyle: 'short' });
  const epType = endpointTypeText(i18n, mark.epType ?? '');
  const detail = epType ? t`Last call failed at ${time} (${epType}): ${reason}` : t`Last call failed at ${time}: ${reason}`;
  return (
    <span className={classes.badge} data-call-failed={mark.reason} title={detail}>
      {t`Call failed`}
      <VisuallyHidden>: {detail}</VisuallyHidden>
    </span>
  );
}
