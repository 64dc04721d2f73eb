/**
 * Logs the console out when the page framing it posts `logout` from a trusted origin
 * (spec §2 "Layout screen"). Mount it once per logged-in screen.
 */
import { useParentLogout } from './windowLinks';

export function ParentLogoutListener({ onLogout }: { onLogout: () => void }) {
  useParentLogout(onLogout);
  return null;
}
