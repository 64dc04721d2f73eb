/**
 * Meeting share (spec §2 sidebar "meeting share", §8 "failed to get the share link, app QR code,
 * mini-program QR code, meeting address"): `GET /rest/v1/meetings/{mr}/sessions/{sess}/share-info`
 * answers the four items at once, each either a value or the result code of why it could not be
 * produced, so the console can show one failure without losing the others.
 *
 * The public address comes from `SHARE_BASE_URL` (server/config.ts) when set (a server behind a proxy cannot know
 * it), else from the request's Host header. The mini-program code needs a mini-program id
 * (`SHARE_MINI_APPID`); without one it is reported as not available, which is the failure the
 * console words.
 */
import { RC } from '../../protocol/codes';
import type { ShareInfoResponse, ShareItem } from '../../protocol/wire';
import type { EngineFacade } from '../engine/facade';
import { errorResult } from './errors';
import { json, type ApiRequest, type ApiResult, type Router } from './router';

export interface ShareOptions {
  /** public base URL of the console, e.g. `https://meet.example.com` (no trailing slash) */
  baseUrl?: string;
  /** mini-program id; the mini-program code is unavailable without it */
  miniAppId?: string;
  /** (issue 12) the platform's join page (`LINK_JOIN_URL`); the share link is unavailable without it */
  joinUrl?: string;
}

/** Registers `share-info`; the options come from the server configuration (`SHARE_BASE_URL`, `SHARE_MINI_APPID`, server/config.ts). */
export function registerShareRoutes(
  router: Router,
  engine: Pick<EngineFacade, 'getSession' | 'roomAuth'>,
  options: ShareOptions = {},
): void {
  router.get('/rest/v1/meetings/:mrId/sessions/:sessId/share-info', (req) => shareInfo(req, engine, options));
}

const ok = (value: string): ShareItem => ({ result: 0, value });
const withQuery = (url: string, key: string, value: string): string => {
  const u = new URL(url);
  u.searchParams.set(key, value);
  return u.href;
};
const failed = (result: number): ShareItem => ({ result });

/** A host name as it may appear in a URL: letters, digits, dots, dashes, an IPv6 literal, a port. */
const HOST_HEADER = /^(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

function shareInfo(req: ApiRequest, engine: Pick<EngineFacade, 'getSession' | 'roomAuth'>, options: ShareOptions): ApiResult {
  const { mrId, sessId } = req.params;
  const session = engine.getSession(sessId);
  if (!session || session.mrId !== mrId) return errorResult(404, RC.sessionNotFound);
  const room = engine.roomAuth(mrId);
  if (!room || !room.running) return errorResult(404, RC.meetingNotFound);

  const hostHeader = typeof req.headers.host === 'string' ? req.headers.host.trim() : '';
  const validHost = HOST_HEADER.test(hostHeader) ? hostHeader : undefined;
  const forwardedProto = req.headers['x-forwarded-proto'];
  const proto = forwardedProto === 'https' ? 'https' : 'http';
  const base = options.baseUrl ?? (validHost ? `${proto}://${validHost}` : undefined);
  const bareHost = base ? new URL(base).hostname : undefined;
  const id = encodeURIComponent(mrId);

  const body: ShareInfoResponse = {
    cmdid: 'share_info',
    // the link leads to the platform's join page (LINK_JOIN_URL); without one there is no page
    // to lead to, and the console reports the link as unavailable instead of a link to a 404
    share_link: options.joinUrl ? ok(withQuery(options.joinUrl, 'mr-id', mrId)) : failed(RC.notImplemented),
    app_qrcode: base ? ok(`podium://join?mr_id=${id}&server=${encodeURIComponent(base)}`) : failed(RC.valueOutOfRange),
    mini_qrcode:
      options.miniAppId && base ? ok(`${base}/mp/${encodeURIComponent(options.miniAppId)}?mr_id=${id}`) : failed(RC.notImplemented),
    mr_addr: bareHost ? ok(`${mrId}@${bareHost}`) : failed(RC.valueOutOfRange),
  };
  return json(200, body, { 'Cache-Control': 'no-store' });
}
