/**
 * What the /layout route renders: the layout screen of the current session. (The parent's
 * logout message is handled app-wide by the root route, with the origin check of windowLinks.)
 */
import { useSessionHolder, useSessionRecord } from '#/session/SessionContext';
import { LayoutScreenPage } from './LayoutScreenPage';

export function LayoutScreenMount() {
  const holder = useSessionHolder();
  const record = useSessionRecord();
  return <LayoutScreenPage session={record ? holder.actor() : null} />;
}
