/**
 * Feeds the notification lists from the controllers and notifications actors; opening a list
 * tells its actor the entries were read, and showing them has the controllers actor follow the
 * server's snapshot of who is logged in.
 */
import { useEffect, useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import { controllersSelectors, notificationsSelectors, type ControllersMachine, type NotificationsMachine } from '@machines/index';

const { selectControllersOnline, selectControllerEntries, selectControllersUnread } = controllersSelectors;
const { selectFailedCalls, selectFailedUnread, selectLeftCalls, selectLeftUnread } = notificationsSelectors;
import { useSessionChild } from '#/session/useSessionChild';
import { QualityAlerts } from '#/quality/QualityAlerts';
import { NotificationLists, type NoteList } from './NotificationLists';

export function NotificationListsPanel({
  session,
}: {
  /** the root session actor */
  session: AnyActorRef;
}) {
  const controllers = useSessionChild<ActorRefFrom<ControllersMachine>>(session, 'controllers');
  const notes = useSessionChild<ActorRefFrom<NotificationsMachine>>(session, 'notifications');
  const entries = useSelector(controllers, (s) => (s ? selectControllerEntries(s) : undefined));
  const count = useSelector(controllers, (s) => (s ? selectControllersOnline(s).count : undefined));
  const exact = useSelector(controllers, (s) => (s ? selectControllersOnline(s).exact : false)) ?? false;
  const online = useSelector(controllers, (s) => (s ? selectControllersOnline(s).list : undefined));
  // the count and list are the server's (its snapshot), not the joins this console happened to see
  useEffect(() => {
    if (!controllers) return;
    controllers.send({ type: 'controllers.follow' });
    return () => controllers.send({ type: 'controllers.unfollow' });
  }, [controllers]);
  const ctrlUnread = useSelector(controllers, (s) => (s ? selectControllersUnread(s) : 0)) ?? 0;
  const failed = useSelector(notes, (s) => (s ? selectFailedCalls(s) : undefined));
  const left = useSelector(notes, (s) => (s ? selectLeftCalls(s) : undefined));
  const failedUnread = useSelector(notes, (s) => (s ? selectFailedUnread(s) : 0)) ?? 0;
  const leftUnread = useSelector(notes, (s) => (s ? selectLeftUnread(s) : 0)) ?? 0;

  const controllerNotes = useMemo(
    () =>
      (entries ?? []).map((e) => ({
        type: e.type,
        peerIp: e.peer_ip,
        sessionId: e.sessionid,
        role: e.role,
        dtm: e.type === 'in' ? e.dtm : e.quit_dtm,
      })),
    [entries],
  );
  const failedNotes = useMemo(
    () => (failed ?? []).map((f) => ({ time: f.time, reason: f.reason, epType: f.ep_type, nickName: f.nick_name, peerAddr: f.peer_addr })),
    [failed],
  );
  const leftNotes = useMemo(() => (left ?? []).map((l) => ({ createDtm: l.create_dtm, nickName: l.nick_name, reason: l.reason })), [left]);

  const onRead = (list: NoteList) => {
    if (list === 'controllers') controllers?.send({ type: 'controllers.markRead' });
    else if (list === 'failedCalls') notes?.send({ type: 'notifications.markFailedRead' });
    else notes?.send({ type: 'notifications.markLeftRead' });
  };

  return (
    <NotificationLists
      controllers={controllerNotes}
      failedCalls={failedNotes}
      leftCalls={leftNotes}
      unread={{ controllers: ctrlUnread, failedCalls: failedUnread, leftCalls: leftUnread }}
      controllerCount={count}
      controllerCountExact={exact}
      onlineControllers={online}
      onRead={onRead}
      extra={<QualityAlerts session={session} />}
    />
  );
}
