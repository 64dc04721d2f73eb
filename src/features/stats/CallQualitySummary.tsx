/**
 * A participant's call quality as the server sums it up (`get_call_qa`, spec §7; issue 30) and
 * their details (`get_user_infos`): asked when the statistics dialog opens, asked again on
 * request. The figures are the server's own (loss %, jitter ms, bitrate kbps per stream and
 * direction); a platform that does not offer the call is said so, as every assumed call is.
 */
import { useEffect } from 'react';
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { ApiError } from '@protocol/errors';
import { meetingSelectors, type MeetingMachine } from '@machines/index';
import { isUnknownCallRefusal } from '@machines/commands/notOffered';
import { useSessionChild } from '#/session/useSessionChild';
import { notOfferedText } from '#/session/notOffered';
import { refusalText } from '#/i18n/refusal';
import { qaRows } from './callQaRows';

export function CallQualitySummary({
  session,
  usrId,
}: {
  /** the root session actor */
  session: AnyActorRef;
  /** whose quality and details */
  usrId: string;
}) {
  const { t, i18n } = useLingui();
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const qa = useSelector(meeting, (s) => (s ? meetingSelectors.selectCallQa(usrId)(s) : undefined));
  const ask = useSelector(meeting, (s) => (s ? meetingSelectors.selectCallQaAsk(usrId)(s) : undefined));
  const info = useSelector(meeting, (s) => (s ? meetingSelectors.selectUserInfo(usrId)(s) : undefined));
  useEffect(() => {
    meeting?.send({ type: 'meeting.askCallQa', usrId });
    meeting?.send({ type: 'meeting.askUserInfos', usrIds: [usrId] });
  }, [meeting, usrId]);

  const kind = { audio: t`Audio`, video: t`Video`, content: t`Content` };
  const dir = { rx: t`receive`, tx: t`send` };
  const refusal = ask?.state === 'failed' ? new ApiError('http', ask.status, 'get_call_qa', ask.result) : undefined;
  const num = (v: number | undefined) => (v === undefined ? '–' : i18n.number(Math.round(v * 10) / 10));
  return (
    <Stack gap={4} data-testid="call-quality" data-state={ask?.state ?? (qa ? 'answered' : 'none')}>
      <Group justify="space-between">
        <Text size="sm" fw={500}>
          <Trans>Call quality summary</Trans>
        </Text>
        <Button
          size="compact-xs"
          variant="subtle"
          loading={ask?.state === 'pending'}
          onClick={() => meeting?.send({ type: 'meeting.askCallQa', usrId })}
        >
          <Trans>Ask again</Trans>
        </Button>
      </Group>
      {info && (
        <Text size="xs" c="dimmed" data-testid="user-details">
          {[info.nick_name, info.call_addr && t`Address ${info.call_addr.replace(',', '@')}`, info.phone_no && t`Phone ${info.phone_no}`]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      {refusal &&
        (isUnknownCallRefusal(refusal) ? (
          <Text size="xs" c="dimmed">
            {notOfferedText(i18n, {
              group: 'call-quality',
              call: 'get_call_qa',
              status: refusal.status,
              ...(refusal.result !== undefined ? { result: refusal.result } : {}),
            })}
          </Text>
        ) : (
          <Text size="xs" c="red" role="alert">
            {refusalText(refusal, i18n.locale, t`The request failed, please try again`)}
          </Text>
        ))}
      {qa && (
        <Table fz="xs" verticalSpacing={2} withTableBorder data-testid="call-quality-figures">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <Trans>Stream</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <Trans>Bitrate (kbps)</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <Trans>Loss (%)</Trans>
              </Table.Th>
              <Table.Th scope="col" ta="right">
                <Trans>Jitter (ms)</Trans>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {qaRows(qa).map((r) => (
              <Table.Tr key={`${r.kind}_${r.dir}`} data-stream={`${r.kind}_${r.dir}`}>
                <Table.Th scope="row" fw={400}>{`${kind[r.kind]} ${dir[r.dir]}`}</Table.Th>
                <Table.Td ta="right">{num(r.bitrate)}</Table.Td>
                <Table.Td ta="right">{num(r.loss)}</Table.Td>
                <Table.Td ta="right">{num(r.jitter)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
