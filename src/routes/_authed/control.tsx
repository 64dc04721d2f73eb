import { createFileRoute, redirect } from '@tanstack/react-router';
import { MR_ID } from '#/search';
import { ControlScreen } from '#/screens/control/ControlScreen';

export const Route = createFileRoute('/_authed/control')({
  beforeLoad: ({ context, search }) => {
    const record = context.session.current();
    if (!record) return;
    const requested = search[MR_ID];
    // The URL names the meeting; a session for another meeting cannot control it.
    if (requested === undefined) throw redirect({ to: '/control', search: { [MR_ID]: record.mrId } });
    if (requested !== record.mrId) throw redirect({ to: '/login', search: { [MR_ID]: requested } });
  },
  component: ControlScreen,
});
