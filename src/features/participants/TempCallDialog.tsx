/**
 * Temporary (interim) call (spec §5), two ways:
 * - by address: a meeting number with optional `##password` and `@ip`, or a SIP/H.323 address,
 *   and a display name (`create_temp_call`);
 * - by user number: a registered user's number (cuid) of the configured digit count, invited as the
 *   platform's own clients invite registered endpoints (`ctrl_mr_eps add_participants`, facts §5.10).
 * The input stays when the server refuses. When one more call would pass the room's `max_call`
 * (protocol/callLimit.ts), the dialog says so and holds the send back; not told, it says nothing.
 */
import { useEffect, useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { USER_NUMBER_MAX_DIGITS } from '@protocol/fieldValidation';
import { callBlocked, type CallLimit } from '@protocol/callLimit';
import { checkTempCall, checkUserNumber, type TempCallError, type UserNumberError } from './validationBridge';
import { useUserNumberDigits } from './useUserNumberDigits';
import { ConnectionLostReason, useConnectionLost } from '#/session/connectionLost';

export interface TempCallDialogProps {
  /** shows the dialog */
  opened: boolean;
  /** closes it */
  onClose: () => void;
  /** places the call; the dialog closes when the caller says so */
  onCall: (call: { callUrl: string; dispName: string; usrType: number }) => void;
  /** invites a registered user by number; without it only calls by address are offered */
  onAddByNumber?: (userNumber: string) => void;
  /** the configured digit count of a user number (null: none); by default the platform's (getPlatform) */
  userNumberDigits?: number | null;
  /** the room's max_call against one more call (protocol/callLimit.ts); absent: not told */
  limit?: CallLimit;
}

type Mode = 'address' | 'number';

export function TempCallDialog({
  opened,
  onClose,
  onCall,
  onAddByNumber,
  userNumberDigits,
  limit = { state: 'unknown' },
}: TempCallDialogProps) {
  const { t } = useLingui();
  // sent while the connection is lost, it would only be held: the button waits, and says why
  const lost = useConnectionLost();
  const [mode, setMode] = useState<Mode>('address');
  const [address, setAddress] = useState('');
  const [name, setName] = useState('');
  const [usrType, setUsrType] = useState('2');
  const [userNumber, setUserNumber] = useState('');
  const [error, setError] = useState<TempCallError | null>(null);
  const [numberError, setNumberError] = useState<UserNumberError | null>(null);
  const digits = useUserNumberDigits(opened && mode === 'number', userNumberDigits);
  // one submit places one call: a second click while the dialog closes (or a double click) is
  // not a second call; reopening the dialog allows the next one
  const [sent, setSent] = useState(false);
  useEffect(() => {
    if (opened) setSent(false);
  }, [opened]);

  const messages: Record<TempCallError, string> = {
    addressRequired: t`The call address cannot be empty`,
    addressFormat: t`The call address is not in the correct format`,
    nameRequired: t`The display name cannot be empty`,
    nameTooLong: t`The name is too long`,
  };
  const numberMessages: Record<UserNumberError, string> = {
    required: t`Please enter the user number`,
    length:
      digits === undefined
        ? t`The user number is digits only, at most ${USER_NUMBER_MAX_DIGITS}`
        : t`The user number must be ${digits} digits`,
  };

  const full = callBlocked(limit);
  const limitText = limit.state !== 'over' ? null : limitMessage(limit.maxCall, limit.inMeeting, limit.remaining);
  function limitMessage(maxCall: number, inMeeting: number, remaining: number): string {
    return remaining === 0
      ? t`No more calls can be placed: this meeting takes at most ${maxCall} calls and ${inMeeting} are in it.`
      : t`This meeting takes at most ${maxCall} calls and ${inMeeting} are in it: only ${remaining} more can be called.`;
  }

  const submit = () => {
    if (sent || full) return;
    if (mode === 'number' && onAddByNumber) {
      const problem = checkUserNumber(userNumber, digits);
      setNumberError(problem);
      if (problem) return;
      setSent(true);
      onAddByNumber(userNumber.trim());
      return;
    }
    const problem = checkTempCall(address, name);
    setError(problem);
    if (problem) return;
    setSent(true);
    onCall({ callUrl: address.trim(), dispName: name.trim(), usrType: Number(usrType) });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t`Temporary call`}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in a field submits too: nothing goes out while the connection is lost
          if (!lost) submit();
        }}
      >
        <Stack>
          {onAddByNumber && (
            <SegmentedControl
              aria-label={t`Call by`}
              value={mode}
              onChange={(v) => setMode(v as Mode)}
              data={[
                { value: 'address', label: t`By address` },
                { value: 'number', label: t`By user number` },
              ]}
            />
          )}
          {mode === 'number' && onAddByNumber ? (
            <TextInput
              label={t`User number`}
              description={
                digits === undefined ? t`The registered user's number (digits)` : t`The registered user's number: ${digits} digits`
              }
              inputMode="numeric"
              autoComplete="off"
              value={userNumber}
              onChange={(e) => setUserNumber(e.currentTarget.value)}
              error={numberError ? numberMessages[numberError] : undefined}
              data-autofocus
              // eslint-disable-next-line jsx-a11y/no-autofocus -- the dialog the person opened to type a number: focus goes into it
              autoFocus
            />
          ) : (
            <>
              <TextInput
                label={t`Call address`}
                description={t`Meeting number[##password][@IP], or a SIP/H.323 address`}
                value={address}
                onChange={(e) => setAddress(e.currentTarget.value)}
                error={error === 'addressRequired' || error === 'addressFormat' ? messages[error] : undefined}
                data-autofocus
              />
              <TextInput
                label={t`Display name`}
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                error={error === 'nameRequired' || error === 'nameTooLong' ? messages[error] : undefined}
              />
              <Select
                label={t`Call type`}
                allowDeselect={false}
                value={usrType}
                onChange={(v) => v && setUsrType(v)}
                data={[
                  { value: '2', label: 'SIP' },
                  { value: '1', label: 'H.323' },
                  { value: '7', label: t`Sub-venue (cascaded meeting)` },
                ]}
              />
            </>
          )}
          {limitText && (
            <Text
              size="sm"
              c={full ? 'red' : 'dimmed'}
              id="temp-call-limit"
              data-testid="temp-call-limit"
              data-remaining={limit.state === 'over' ? limit.remaining : undefined}
            >
              {limitText}
            </Text>
          )}
          <ConnectionLostReason lost={lost} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              <Trans>Cancel</Trans>
            </Button>
            <Button type="submit" disabled={sent || full || lost} aria-describedby={limitText ? 'temp-call-limit' : undefined}>
              {mode === 'number' && onAddByNumber ? <Trans>Invite</Trans> : <Trans>Call</Trans>}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
