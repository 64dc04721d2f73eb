/**
 * The meeting-wide half of /control, ready to mount: the controls panel, meeting share, the
 * management login (and, once logged in, booking the room's next meeting), the server's reminders
 * (booking conflict: a toast when flagged so, else the reminder; service expiry) and, for a
 * supervisor, the supervisor panel. Reads the session holder; renders nothing before login. What
 * it asks of the platform (its facts, the share, the management login) goes through the session's
 * `platform` actor: events in, selectors out.
 */
import { useEffect, useState } from 'react';
import type { ActorRefFrom, AnyActorRef, SnapshotFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { notificationsSelectors, platformSelectors, type NotificationsMachine, type PlatformMachine } from '@machines/index';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useSessionHolder, useSessionRecord } from '#/session/SessionContext';
import type { SessionRecord } from '#/session/sessionHolder';
import { useSessionChild } from '#/session/useSessionChild';
import { MeetingControlsPanel } from './MeetingControlsPanel';
import { lazyComponent, lazyDialog } from '#/components/lazyLoad';
import { checkManagementLogin, checkPasswordChange } from '#/features/live/rules';
import { changedPasswords } from '#/features/dialogs/passwordChange';
import { CMD } from '@protocol/cmdids';
import { useNotOffered } from '#/session/notOffered';
import { showBookingConflictToast } from '#/features/booking/bookingConflictToast';
import { useRoomProperties } from '#/features/booking/useRoomProperties';

// Loaded when first opened: the dialogs, the share (QR codes) and, for supervisors only, the
// supervisor panel with the media layer.
const SharePanel = lazyComponent(() => import('#/features/meetingControls/SharePanel').then((m) => m.SharePanel));
const ManagementLoginDialog = lazyDialog(() => import('#/features/dialogs/ManagementLoginDialog').then((m) => m.ManagementLoginDialog));
const BookingConflictDialog = lazyDialog(() => import('#/features/dialogs/ReminderDialogs').then((m) => m.BookingConflictDialog));
const ServiceExpiryDialog = lazyDialog(() => import('#/features/dialogs/ReminderDialogs').then((m) => m.ServiceExpiryDialog));
const BookNextMeeting = lazyDialog(() => import('#/features/booking/BookNextMeeting').then((m) => m.BookNextMeeting));
const PasswordsDialog = lazyDialog(() => import('#/features/dialogs/PasswordsDialog').then((m) => m.PasswordsDialog));
const SupervisorPanel = lazyComponent(() => import('#/features/supervisor/SupervisorPanel').then((m) => m.SupervisorPanel));

export interface ControlSidebarProps {
  /** URL of the /layout screen for the supervisor's layout window; default `layout` beside /control */
  layoutUrl?: string;
}

export function ControlSidebar({ layoutUrl }: ControlSidebarProps) {
  const holder = useSessionHolder();
  const record = useSessionRecord();
  const session = record ? holder.actor() : null;
  if (!record || !session) return null;
  return <ControlSidebarFor record={record} session={session} layoutUrl={layoutUrl ?? layoutUrlOf(record)} />;
}

const PASSWORDS_LABEL = 'passwords';

function layoutUrlOf(record: SessionRecord): string {
  const url = new URL('layout', window.location.href);
  url.search = `?mr-id=${encodeURIComponent(record.mrId)}`;
  return url.toString();
}

function ControlSidebarFor({ record, session, layoutUrl }: { record: SessionRecord; session: AnyActorRef; layoutUrl: string }) {
  const { t, i18n } = useLingui();
  const platform = useSessionChild<ActorRefFrom<PlatformMachine>>(session, 'platform');
  // live_builtin: the tenant's live service is the platform's own (live switch and addresses apply)
  const liveBuiltin = useSelector(platform, (s) => (s ? platformSelectors.selectLiveBuiltin(s) : true)) ?? true;

  const [shareOpen, setShareOpen] = useState(false);
  const share = useSelector(platform, (s) => (s ? platformSelectors.selectShare(s) : null));
  const loadShare = () => platform?.send({ type: 'share.load' });

  const [mgmtOpen, setMgmtOpen] = useState(false);
  const mgmtCode = useSelector(platform, (s) => (s ? platformSelectors.selectManagementCode(s) : undefined));
  const mgmtPending = useSelector(platform, (s) => (s ? platformSelectors.selectManagementPending(s) : false)) ?? false;
  const mgmtRefusal = useSelector(platform, (s) => (s ? platformSelectors.selectManagementRefusal(s) : undefined));
  const mgmtSession = useSelector(platform, (s) => (s ? platformSelectors.selectManagementSession(s) : null)) ?? null;
  const mgmtDone = mgmtSession !== null;
  const roomProperties = useRoomProperties(session);
  const [bookOpen, setBookOpen] = useState(false);

  const [pwdOpen, setPwdOpen] = useState(false);
  const [pwdRefusal, setPwdRefusal] = useState<unknown>(undefined);
  const pwdNotOffered = useNotOffered(session, 'meeting-passwords');
  const commands = session.system.get('commands') as AnyActorRef | undefined;
  useEffect(() => {
    if (!commands) return;
    const subs = [
      commands.on('command.refused', (e: { label: string; result?: number; status: number; notOffered?: unknown }) => {
        if (e.label === PASSWORDS_LABEL && !e.notOffered) setPwdRefusal({ result: e.result, status: e.status });
      }),
      commands.on('command.succeeded', (e: { label: string }) => {
        if (e.label === PASSWORDS_LABEL) setPwdOpen(false);
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [commands]);

  const [booking, setBooking] = useState<number | null>(null);
  const notifications = session.system.get('notifications') as AnyActorRef | undefined;
  // The expiry reminder is state (it may arrive before this panel mounts): read it, dismiss it.
  const expiryParams = useSelector(notifications, (s: SnapshotFrom<NotificationsMachine> | undefined) =>
    s ? notificationsSelectors.selectServiceExpiry(s)?.params : undefined,
  );
  const expiry = expiryParams ? { daysLeft: Number(expiryParams.days_left) || 0, expiresAt: Number(expiryParams.expiry_dtm) || 0 } : null;
  useEffect(() => {
    if (!notifications) return;
    const sub = notifications.on('notice.bookingConflict', (e: { display: 'toast' | 'alert'; params: Record<string, string | number> }) => {
      const minutes = Number(e.params.minutes) || 0;
      if (e.display === 'toast') showBookingConflictToast(minutes, record.mrScene);
      else setBooking(minutes);
    });
    return () => sub.unsubscribe();
  }, [notifications, i18n, record.mrScene]);

  return (
    <Stack gap="sm" w={360} p="sm" component="aside" aria-label={t`Meeting-wide controls`} data-testid="control-sidebar">
      {/* first in the sidebar, in its flow: seen at login without covering the participant table */}
      <ServiceExpiryDialog
        opened={expiry !== null}
        daysLeft={expiry?.daysLeft ?? 0}
        expiresAt={expiry?.expiresAt ?? 0}
        onClose={() => notifications?.send({ type: 'notifications.dismissServiceExpiry' })}
      />
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          onClick={() => {
            setShareOpen(true);
            loadShare();
          }}
        >
          {t`Meeting share`}
        </Button>
        <Button
          size="xs"
          variant="light"
          data-state={mgmtDone ? 'logged-in' : 'logged-out'}
          onClick={() => {
            setMgmtOpen(true);
            // logged in: the dialog shows the session, no code needed (the actor asks one otherwise)
            platform?.send({ type: 'management.open' });
          }}
        >
          {mgmtDone ? t`Platform management (logged in)` : t`Platform management login`}
        </Button>
        {record.role === 'host' && (
          <Button
            size="xs"
            variant="light"
            // not offered: the dialog still opens, to say why, with Save disabled
            data-not-offered={pwdNotOffered ? 'meeting-passwords' : undefined}
            onClick={() => {
              setPwdRefusal(undefined);
              setPwdOpen(true);
            }}
          >
            {t`Meeting passwords`}
          </Button>
        )}
      </Group>
      <MeetingControlsPanel session={session} scene={record.mrScene} liveBuiltin={liveBuiltin} />
      {record.role === 'supervisor' && <SupervisorPanel session={session} layoutUrl={layoutUrl} title={record.mrId} />}
      <Modal opened={shareOpen} onClose={() => setShareOpen(false)} title={t`Meeting share`} centered>
        <SharePanel info={share?.info} failed={share?.failed} onReload={loadShare} />
      </Modal>
      <ManagementLoginDialog
        opened={mgmtOpen}
        codeImage={mgmtCode?.image}
        pending={mgmtPending}
        refusal={mgmtRefusal}
        validate={checkManagementLogin}
        onRefreshCode={() => platform?.send({ type: 'management.refreshCode' })}
        onClose={() => setMgmtOpen(false)}
        session={mgmtSession ?? undefined}
        room={roomProperties}
        onBook={() => {
          setMgmtOpen(false);
          setBookOpen(true);
        }}
        // the dialog stays open on its success state: the session's facts and what it is for
        onSubmit={(form) => platform?.send({ type: 'management.login', form })}
      />
      {pwdOpen && (
        <PasswordsDialog
          opened
          refusal={pwdRefusal}
          validate={checkPasswordChange}
          notOffered={pwdNotOffered}
          onClose={() => setPwdOpen(false)}
          onSave={(p) => {
            setPwdRefusal(undefined);
            commands?.send({
              type: 'command.send',
              suffix: 'mr-pwd',
              body: { cmdid: CMD.modMrPwd, ...changedPasswords(p) },
              label: PASSWORDS_LABEL,
            });
          }}
        />
      )}
      {mgmtSession && <BookNextMeeting opened={bookOpen} session={session} mrId={record.mrId} onClose={() => setBookOpen(false)} />}
      <BookingConflictDialog opened={booking !== null} minutes={booking ?? 0} scene={record.mrScene} onClose={() => setBooking(null)} />
    </Stack>
  );
}
