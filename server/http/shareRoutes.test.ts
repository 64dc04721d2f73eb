import { describe, expect, it } from 'vitest';
import { Router, type ApiRequest } from './router';
import { registerShareRoutes } from './shareRoutes';
import type { ControllerSession, RoomAuth } from '../engine/facade';
import type { ShareInfoResponse } from '../../protocol/wire';

const session: ControllerSession = { sessId: 's1', mrId: '8008038', role: 'host', peerIp: '127.0.0.1', signKey: new Uint8Array() };
const room = { mrId: '8008038', running: true } as RoomAuth;
const engine = {
  getSession: (id: string) => (id === 's1' ? session : undefined),
  roomAuth: (id: string) => (id === '8008038' ? room : undefined),
};

async function get(path: string, host = 'meet.example.com:8080', options = {}) {
  const router = new Router();
  registerShareRoutes(router, engine, options);
  const m = router.match('GET', path);
  if (!('handler' in m)) throw new Error('no route');
  const req = { method: 'GET', path, params: m.params, headers: { host }, query: new URLSearchParams() } as unknown as ApiRequest;
  return m.handler(req);
}

describe('GET share-info', () => {
  it('answers link (the configured join page), app code and address from the request host', async () => {
    const res = await get('/rest/v1/meetings/8008038/sessions/s1/share-info', 'meet.example.com:8080', {
      joinUrl: 'https://meet.example.com/join',
    });
    expect(res.status).toBe(200);
    const body = res.body as ShareInfoResponse;
    expect(body.share_link).toEqual({ result: 0, value: 'https://meet.example.com/join?mr-id=8008038' });
    expect(body.mr_addr).toEqual({ result: 0, value: '8008038@meet.example.com' });
    expect(body.app_qrcode.result).toBe(0);
  });

  it('reports the share link as unavailable without a configured join page, rather than a link to a 404 (issue 12)', async () => {
    const body = (await get('/rest/v1/meetings/8008038/sessions/s1/share-info')).body as ShareInfoResponse;
    expect(body.share_link).toEqual({ result: 9999 });
  });

  it('reports the mini-program code as failed without a mini-program id', async () => {
    const body = (await get('/rest/v1/meetings/8008038/sessions/s1/share-info')).body as ShareInfoResponse;
    expect(body.mini_qrcode.result).toBe(9999);
    const withApp = (await get('/rest/v1/meetings/8008038/sessions/s1/share-info', 'h', { miniAppId: 'wx1' })).body as ShareInfoResponse;
    expect(withApp.mini_qrcode.result).toBe(0);
  });

  it('fails every address item on a forged Host header, without crashing', async () => {
    const body = (await get('/rest/v1/meetings/8008038/sessions/s1/share-info', 'evil/<x>')).body as ShareInfoResponse;
    expect(body.share_link.result).not.toBe(0);
    expect(body.mr_addr.result).not.toBe(0);
  });

  it('refuses a session of another meeting', async () => {
    expect((await get('/rest/v1/meetings/9999/sessions/s1/share-info')).status).toBe(404);
    expect((await get('/rest/v1/meetings/8008038/sessions/nope/share-info')).status).toBe(404);
  });
});
