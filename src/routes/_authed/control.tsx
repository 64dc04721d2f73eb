import { createFileRoute, redirect } from '@tanstack/react-router';
import { MR_ID } from '#/search';
import { SessionPage } from '#/features/session/SessionPage';
import { ParticipantArea } from '#/features/participants/ParticipantArea';
import { ControlSidebar } from '#/features/meetingControls/ControlSidebar';

export const Route = createFileRoute('/_authed/control')({
  beforeLoad: ({ context, search }) => {
    const record = context.session.current();
    if (!record) return;
    const requested = search[MR_ID];
    // The URL names the meeting; a session for another meeting cannot control it.
    if (requested === undefined) throw redirect({ to: '/control', search: { [MR_ID]: record.mrId } });
    if (requested !== record.mrId) throw redirect({ to: '/login', search: { [MR_ID]: requested } });
  },
  component: ControlPage,
});

function ControlPage() {
  return (
    <SessionPage screen="control">
      <div style={{ display: 'flex', alignItems: 'flex-start' }}>
        <ControlSidebar />
        <div style={{ flex: 1, minWidth: 0 }}>
          <ParticipantArea />
        </div>
      </div>
    </SessionPage>
  );
}
