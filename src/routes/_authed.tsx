import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { MR_ID } from '#/search';

/** Pages behind a login. Without a session in this tab the user goes back to the login screen. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: ({ context, search }) => {
    if (!context.session.current()) {
      throw redirect({ to: '/login', search: search[MR_ID] ? { [MR_ID]: search[MR_ID] } : {} });
    }
  },
  component: Outlet,
});
