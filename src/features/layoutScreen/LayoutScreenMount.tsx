/**
 * What the /layout route renders: the layout screen of the current session, plus the parent's
 * logout listener (the screen usually lives in a frame or pop-up of another page).
 */
import { useNavigate } from '@tanstack/react-router';
import { useSessionHolder, useSessionRecord } from '#/session/SessionContext';
import { LayoutScreenPage } from './LayoutScreenPage';
import { ParentLogoutListener } from './ParentLogoutListener';

export function LayoutScreenMount() {
  const holder = useSessionHolder();
  const record = useSessionRecord();
  const navigate = useNavigate();
  return (
    <>
      <ParentLogoutListener
        onLogout={() => {
          holder.stop();
          void navigate({ to: '/login' });
        }}
      />
      <LayoutScreenPage session={record ? holder.actor() : null} />
    </>
  );
}
