/**
 * The origins the console trusts for window messages: its own plus the build-time
 * `VITE_PARENT_ORIGINS`. Apart from the layout window's hooks (./windowLinks.ts) because the root
 * route reads it on every screen, the login included, and the hooks belong to the control and
 * layout screens' chunks.
 */
import { normaliseOrigins } from './layoutMessages';

/** Extra origins allowed to embed or open the console (build-time `VITE_PARENT_ORIGINS`, comma-separated). */
function configuredOrigins(): string[] {
  const raw = (import.meta.env?.VITE_PARENT_ORIGINS as string | undefined) ?? '';
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The origins this page trusts: its own plus the configured ones. */
export function trustedOrigins(): ReadonlySet<string> {
  return normaliseOrigins(window.location.origin, configuredOrigins());
}
