import { useLingui } from '@lingui/react/macro';
import type { MeetingRole } from '@protocol/wire';

/** The roles' names as the layout window and the screen-layout dialog show them. */
export function useRoleLabels(): Record<MeetingRole, string> {
  const { t } = useLingui();
  return { speaker: t`Main venue`, chair: t`Honoured guest`, guest: t`Audience` };
}
