/**
 * While mute all, the listen ban or the watch ban is on: a live tally of whom it binds, who is
 * exempt, who joined since and was bound on entry, and who is free against the rule, with the
 * controller who freed them where the activity log tells (issue 16 item 2).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import {
  activitySelectors,
  meetingSelectors,
  participantsSelectors,
  type ActivityMachine,
  type MeetingMachine,
  type ParticipantsMachine,
} from '@machines/index';
import { useSessionChild } from '#/session/useSessionChild';
import { publishBanBreaches } from '#/session/banBreaches';
import type { ActivityEntry } from '@protocol/wire';
import {
  activeBans,
  breachMarks,
  breachesSettled,
  settlesAt,
  trackBanStarts,
  type BanKind,
  type BanTally as Tally,
  type Breach,
  type ExemptReason,
} from './banTallyModel';
import { BanTallies } from './banTallyKeeper';

const { selectMeetingStatus } = meetingSelectors;
const { selectParticipantStore, selectParticipantsVersion } = participantsSelectors;
const { selectActivityEntries } = activitySelectors;

/** breaches named in the line; the rest are counted */
const BREACHES_NAMED = 5;
/** names listed per exempt group in the disclosure; the rest are counted */
const EXEMPT_NAMED = 10;
const EXEMPT_ORDER: readonly ExemptReason[] = ['host', 'mainVenue', 'honouredGuest', 'rollCall'];
/** one empty log and one empty result: a fresh [] would read as a new log and rebuild every tally */
const NO_ENTRIES: readonly ActivityEntry[] = [];
const NO_TALLIES: readonly Tally[] = [];

export function BanTally({ session }: { session: AnyActorRef }) {
  const { t } = useLingui();
  const meeting = useSessionChild<ActorRefFrom<MeetingMachine>>(session, 'meeting');
  const participants = useSessionChild<ActorRefFrom<ParticipantsMachine>>(session, 'participants');
  const activity = useSessionChild<ActorRefFrom<ActivityMachine>>(session, 'activity');
  const status = useSelector(meeting, (s) => (s ? selectMeetingStatus(s) : null));
  const store = useSelector(participants, (s) => (s ? selectParticipantStore(s) : undefined));
  const version = useSelector(participants, (s) => (s ? selectParticipantsVersion(s) : 0));
  const entries = useSelector(activity, (s) => (s ? selectActivityEntries(s) : undefined));

  const bans = useMemo(() => activeBans(status), [status]);
  // kept across feed batches: a batch moves only the records it changed (issue 27 item 1)
  const [kept] = useState(() => new BanTallies());
  const tallies = useMemo(
    () => (store && bans.length ? kept.update(store, bans, entries ?? NO_ENTRIES, status?.rollcall_usr_id ?? '') : NO_TALLIES),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store changes in place: `version` says when a record changed
    [kept, bans, store, version, entries, status?.rollcall_usr_id],
  );
  // breaches wait until the participant flags caught up with a ban just switched on
  const starts = useRef(new Map<BanKind, number>());
  const [now, setNow] = useState(() => Date.now());
  const renderedAt = Date.now();
  starts.current = trackBanStarts(starts.current, bans, renderedAt);
  const settleAt = settlesAt(starts.current, renderedAt);
  useEffect(() => {
    if (settleAt === null) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), settleAt - Date.now() + 10);
    return () => clearTimeout(timer);
  }, [settleAt, now]);

  const marks = useMemo(() => breachMarks(tallies, starts.current, renderedAt), [tallies, settleAt === null, now]); // eslint-disable-line react-hooks/exhaustive-deps -- recomputed when a ban settles (`now` ticks to it), not on every render's clock
  useEffect(() => publishBanBreaches(marks), [marks]);
  useEffect(() => () => publishBanBreaches(new Map()), []);

  if (tallies.length === 0) return null;

  const headline = (kind: BanKind, bound: number, of: number) =>
    kind === 'mute'
      ? t`Muted ${bound} of ${of}`
      : kind === 'listen'
        ? t`Barred from listening: ${bound} of ${of}`
        : t`Barred from watching: ${bound} of ${of}`;
  // who is spared and why, group by group (issue 26 item 7: a bare count left the host guessing)
  const exemptGroups = (tally: Tally) =>
    EXEMPT_ORDER.filter((why) => tally.exemptBy[why].length > 0).map((why) => {
      const n = tally.exemptBy[why].length;
      const label =
        why === 'host'
          ? t`${plural(n, { one: '# host', other: '# hosts' })}`
          : why === 'mainVenue'
            ? t`${n} main venue`
            : why === 'honouredGuest'
              ? t`${plural(n, { one: '# honoured guest', other: '# honoured guests' })}`
              : t`${n} called in the roll call`;
      return { why, label, names: tally.exemptBy[why] };
    });
  const exemptText = (tally: Tally) => {
    const n = tally.exempt;
    return t`${n} exempt: ${exemptGroups(tally)
      .map((g) => g.label)
      .join(', ')}`;
  };
  const joinedText = (kind: BanKind, n: number) =>
    kind === 'mute' ? t`${n} joined since, muted on entry` : t`${n} joined since, bound on entry`;
  const freeText = (kind: BanKind, n: number) =>
    kind === 'mute'
      ? t`${n} unmuted against the rule`
      : kind === 'listen'
        ? t`${n} listening against the rule`
        : t`${n} watching against the rule`;
  const breachText = (b: Breach) => {
    if (!b.by) return t`${b.name} (by whom unknown)`;
    const who = b.by.role === 'host' ? t`Host` : t`Supervisor`;
    return b.by.peer_ip ? t`${b.name} (by ${who}, ${b.by.peer_ip})` : t`${b.name} (by ${who}, this console)`;
  };

  return (
    <Paper withBorder px="sm" py={6} role="status" aria-label={t`Meeting-wide bans`} data-testid="ban-tally">
      <Stack gap={2}>
        {tallies.map((tally) => {
          const more = tally.breaches.length - BREACHES_NAMED;
          const settled = breachesSettled(starts.current, tally.ban.kind, renderedAt);
          return (
            <Group
              key={tally.ban.kind}
              gap={6}
              wrap="wrap"
              data-ban={tally.ban.kind}
              data-bound={tally.bound}
              data-in-scope={tally.inScope}
              data-breaches={settled ? tally.breaches.length : undefined}
              data-settling={!settled || undefined}
            >
              <Text size="sm" fw={600}>
                {headline(tally.ban.kind, tally.bound, tally.inScope)}
              </Text>
              {tally.exempt > 0 && (
                <Text size="sm" component="div" data-testid="ban-exempt">
                  · {exemptText(tally)}{' '}
                  <details style={{ display: 'inline-block', verticalAlign: 'top' }}>
                    <summary style={{ cursor: 'pointer', textDecoration: 'underline' }}>{t`Who is exempt`}</summary>
                    <Stack gap={0} data-testid="ban-exempt-names">
                      {exemptGroups(tally).map((g) => {
                        const rest = g.names.length - EXEMPT_NAMED;
                        return (
                          <Text size="sm" key={g.why} data-exempt={g.why}>
                            {g.label}: {g.names.slice(0, EXEMPT_NAMED).join(', ')}
                            {rest > 0 ? ` ${t`and ${rest} more`}` : ''}
                          </Text>
                        );
                      })}
                    </Stack>
                  </details>
                </Text>
              )}
              {tally.joinedSince !== null && tally.joinedSince > 0 && (
                <Text size="sm">· {joinedText(tally.ban.kind, tally.joinedSince)}</Text>
              )}
              {!settled && tally.breaches.length > 0 && (
                <Text size="sm" c="dimmed">
                  · <Trans>applying…</Trans>
                </Text>
              )}
              {settled && tally.breaches.length > 0 && (
                <Text size="sm" c="red.9" data-testid="ban-breaches">
                  · {freeText(tally.ban.kind, tally.breaches.length)}: {tally.breaches.slice(0, BREACHES_NAMED).map(breachText).join(', ')}
                  {more > 0 ? ` ${t`and ${more} more`}` : ''}
                </Text>
              )}
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
