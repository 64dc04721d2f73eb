import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { MR_ID } from '#/search';
import { SessionEndedAlert } from '#/features/session/SessionEndedAlert';
import { useSessionHolder, useSessionRecord } from '#/session/SessionContext';

/** Pages behind a login. Without a session in this tab the user goes back to the login screen. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: async ({ context, search }) => {
    if (!context.session.current()) {
      throw redirect({ to: '/login', search: search[MR_ID] ? { [MR_ID]: search[MR_ID] } : {} });
    }
    // the session machines are a chunk of their own, loaded with the first page that needs them
    await context.session.load();
  },
  component: AuthedLayout,
});

function AuthedLayout() {
  const holder = useSessionHolder();
  const record = useSessionRecord();
  const actor = record ? holder.actor() : null;
  return (
    <>
      <Outlet />
      {actor && record && (
        <SessionEndedAlert
          actor={actor}
          scene={record.mrScene}
          onConfirm={() => {
            holder.stop();
            window.location.reload();
          }}
        />
      )}
    </>
  );
}
