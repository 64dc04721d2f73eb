/**
 * Names of the steady simulated endpoints (SIM_STEADY_ENDPOINTS): fixed, so tests and people can
 * tell them from the random population at a glance. Pure, so the end-to-end specs import it too.
 */

/** usr_id prefix of every steady endpoint: `steady.01`, `steady.02`, … */
export const STEADY_ID_PREFIX = 'steady.';

/** Most steady endpoints a server runs (two-digit numbers keep one name from prefixing another). */
export const STEADY_ENDPOINTS_MAX = 99;

function number(index: number): string {
  return String(index + 1).padStart(2, '0');
}

/** usr_id of the steady endpoint at `index` (0-based). */
export function steadyEndpointId(index: number): string {
  return `${STEADY_ID_PREFIX}${number(index)}`;
}

/** Display name of the steady endpoint at `index` (0-based), until a controller renames it. */
export function steadyEndpointName(index: number): string {
  return `Steady ${number(index)}`;
}

export function isSteadyEndpointId(usrId: string): boolean {
  return usrId.startsWith(STEADY_ID_PREFIX);
}

/**
 * The line a steady endpoint's media statistics report (server/sim/media.ts): steady endpoints
 * have no random loss bursts, so a spec knows what the quality history and its alerts must show.
 * `steady.03` is a poor line — a constant 6 % loss and 48 ms jitter in both directions — and
 * every other steady endpoint a clean one (no loss, 6 ms jitter).
 */
export function steadyLine(usrId: string): { lossPct: number; jitterMs: number } | null {
  if (!isSteadyEndpointId(usrId)) return null;
  return usrId === POOR_LINE_STEADY_ID ? { lossPct: 6, jitterMs: 48 } : { lossPct: 0, jitterMs: 6 };
}

/** The steady endpoint on a poor line (needs SIM_STEADY_ENDPOINTS ≥ 3). */
export const POOR_LINE_STEADY_ID = steadyEndpointId(2);
