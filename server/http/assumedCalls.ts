/**
 * Strict platform mode (`WIRE=platform`): the calls the console assumes beyond the public evidence
 * (protocol/assumptions.ts) are refused unless `PLATFORM_ASSUME` switches their group on, the way
 * the platform refuses what it does not have, so the console meets here what it would meet there:
 *
 * - an assumed **path** (`mod-subtitle-position`, `controllers`, `activity`, `mr-pwd`,
 *   `mod-rtmp-url`, the picture verify code) answers as a path the server does not know: 404
 *   `{cmdid: "error", result: 9999, detail: "path"}`, before signature or session checks, exactly
 *   as any unknown path;
 * - an assumed **action** of `ctrl_mr_eps` answers as an unknown action: 400
 *   `{cmdid: "error", result: 9995 (unknownAction), detail: "action"}`;
 * - an assumed **status key** of `mod_mr_status` answers as an unknown key: 400
 *   `{cmdid: "error", result: 9995, detail: <the key>}`, nothing applied (the whole request is
 *   refused, as a bad key refuses it).
 *
 * Fields and events of a group switched off are not produced by the engine (the waiting room
 * cannot be turned on, so nobody waits: `usr_stats` position 16 stays 0 and no `waiting_usr`
 * is sent). Podium mode offers every group.
 */
import { assumedGroupOf, assumedGroupOfPath, type AssumptionGroup } from '../../protocol/assumptions';
import { RC } from '../../protocol/codes';
import { errorResult } from './errors';
import type { Router } from './router';

const SESSION_SUFFIX = /^\/rest\/v1\/meetings\/[^/]+\/sessions\/[^/]+\/(.+)$/;

/** The assumed group a path belongs to by itself (no body needed), if any. */
export function assumedGroupOfRequestPath(path: string): AssumptionGroup | undefined {
  const m = SESSION_SUFFIX.exec(path);
  return m ? assumedGroupOf(m[1]) : assumedGroupOfPath(path);
}

/** The per-session command paths whose body may name an assumed action or status key. */
const BODY_GATED = ['eps-status', 'mr-status'] as const;

/**
 * Hooks the gate into `router` (call after every route is registered): paths of groups not
 * offered are hidden, and the command paths refuse a body of such a group before applying it.
 * @param offers whether a group is offered (Engine.offers: always in podium mode)
 * @param sessionPrefix the pattern of the per-session paths (`…/sessions/:sessId/`)
 */
export function gateAssumedCalls(router: Router, offers: (group: AssumptionGroup) => boolean, sessionPrefix: string): void {
  router.hide((path) => {
    const group = assumedGroupOfRequestPath(path);
    return group !== undefined && !offers(group);
  });
  for (const suffix of BODY_GATED) {
    router.wrap('POST', `${sessionPrefix}${suffix}`, (inner) => (req) => {
      const refused = refusedPart(suffix, req.body, offers);
      return refused === undefined ? inner(req) : errorResult(400, RC.unknownAction, refused);
    });
  }
}

/**
 * What of a command body belongs to a group not offered: `action` for an assumed action, else the
 * first assumed status key (every key is looked at: one offered key must not carry another in).
 */
function refusedPart(suffix: (typeof BODY_GATED)[number], body: unknown, offers: (group: AssumptionGroup) => boolean): string | undefined {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  if (suffix === 'eps-status') {
    const group = assumedGroupOf(suffix, body);
    return group !== undefined && !offers(group) ? 'action' : undefined;
  }
  const b = body as Record<string, unknown>;
  // a body without cmdid is taken as mod_mr_status by the route, so it is looked at as one
  if (b.cmdid !== undefined && b.cmdid !== 'mod_mr_status') return undefined;
  for (const key of Object.keys(b)) {
    const group = assumedGroupOf(suffix, { cmdid: 'mod_mr_status', [key]: b[key] });
    if (group !== undefined && !offers(group)) return key;
  }
  return undefined;
}
