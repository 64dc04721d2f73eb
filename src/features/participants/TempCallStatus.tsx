/**
 * The result of the host's last temporary call, above the table: calling…, joined, failed with
 * the reason, or no answer within the wait (tempCallOutcome.ts). A status line (not a toast),
 * closed by the host; it re-reads the clock each second only while calling.
 */
import { useEffect, useState } from 'react';
import { Alert, CloseButton, Group, Text } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { CALL_FAILURE_REASONS, localize, type CallFailureReason } from '@protocol/codes';
import type { ParticipantRow } from './participantModel';
import type { FailedCallMark } from './failedCalls';
import { tempCallOutcome, TEMP_CALL_WAIT_SECS, type PlacedTempCall } from './tempCallOutcome';

export interface TempCallStatusProps {
  call: PlacedTempCall;
  rows: readonly ParticipantRow[];
  failedCalls?: ReadonlyMap<string, FailedCallMark>;
  onClose: () => void;
  /** the clock, Unix seconds; default the wall clock */
  now?: () => number;
}

const wallClock = () => Date.now() / 1000;

export function TempCallStatus({ call, rows, failedCalls, onClose, now = wallClock }: TempCallStatusProps) {
  const { t, i18n } = useLingui();
  const [nowSecs, setNowSecs] = useState(now);
  const outcome = tempCallOutcome(call, rows, failedCalls, nowSecs);
  const calling = outcome.state === 'calling';
  useEffect(() => {
    if (!calling) return;
    const timer = setInterval(() => setNowSecs(now()), 1000);
    return () => clearInterval(timer);
  }, [calling, now]);
  // invited by number: the roster row names the user once the server added it
  const who = (call.usrId !== undefined && rows.find((r) => r.usrId === call.usrId)?.name) || call.name;
  const text =
    outcome.state === 'calling'
      ? call.address
        ? t`Calling ${who} (${call.address})…`
        : t`Calling ${who}…`
      : outcome.state === 'joined'
        ? t`${who} joined the meeting.`
        : outcome.state === 'failed'
          ? t`The call to ${who} failed: ${Object.hasOwn(CALL_FAILURE_REASONS, outcome.reason) ? localize(CALL_FAILURE_REASONS[outcome.reason as CallFailureReason], i18n.locale) : outcome.reason}`
          : t`${who} did not answer within ${TEMP_CALL_WAIT_SECS} seconds.`;
  const color = outcome.state === 'failed' || outcome.state === 'noAnswer' ? 'red' : outcome.state === 'joined' ? 'green' : 'gray';
  return (
    <Alert color={color} variant="light" p="xs" data-testid="temp-call-status" data-state={outcome.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm" role="status">
          {text}
        </Text>
        <CloseButton size="sm" aria-label={t`Close the call result`} onClick={onClose} />
      </Group>
    </Alert>
  );
}
