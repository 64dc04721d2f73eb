import { createFileRoute, redirect } from '@tanstack/react-router';
import { MR_ID } from '#/search';
import { ControlScreen } from '#/screens/control/ControlScreen';

export const Route = createFileRoute('/_authed/control')({
  beforeLoad: ({ context, search, preload }) => {
    const record = context.session.current();
    if (!record) return;
    const requested = search[MR_ID];
    // The URL names the meeting; a session for another meeting cannot control it.
    if (requested === undefined) throw redirect({ to: '/control', search: { [MR_ID]: record.mrId } });
    if (requested !== record.mrId) throw redirect({ to: '/login', search: { [MR_ID]: requested } });
    // The session starts here, not when the screen first renders (issue 27): its first reads (the
    // roster, the platform's facts) go out while the screen's code loads and its first render
    // runs, which on a slow link and CPU took seconds before any request left. Its notices wait
    // for the screen's listeners (SessionPage sends session.listening). A preload opens nothing.
    if (!preload) context.session.actor();
  },
  component: ControlScreen,
});
