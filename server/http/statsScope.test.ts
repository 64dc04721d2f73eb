/** Issue 17 item 6: media statistics are read only by a controller of their meeting (podium mode). */
import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { HOST_PWD, MR, startHardened } from '../auth/testing/hardening';
import { printBanner } from '../main';

describe('media statistics', () => {
  it('answer a controller of the meeting, and nobody else, in podium mode', async () => {
    const { peer, server } = await startHardened();
    const home = peer('10.0.6.1');
    const host = await home.login(HOST_PWD);
    const own = { headers: { sessionid: host.json.sess_id } };
    const ep = [...server.engine.rooms.get(MR)!.endpoints.values()][0];
    const path = `/status/participant/${ep.epId}/media_stream/`;
    expect((await home.get(path, own)).status).toBe(200);
    expect((await home.post('/status/participant/packets_lost_rate/', JSON.stringify({ mr_id: MR }), own)).status).toBe(200);
    // no session, or the host's id from another address: as if the endpoint were not there
    const anonymous = await peer('10.0.6.2').get(path);
    expect(anonymous.status).toBe(404);
    expect(anonymous.json.result).toBe(RC.endpointOffline);
    expect((await peer('10.0.6.2').get(path, own)).status).toBe(404);
    expect((await peer('10.0.6.2').post('/status/participant/packets_lost_rate/', JSON.stringify({ mr_id: MR }))).status).toBe(404);
    // another meeting's loss rates, asked with this meeting's session: as for an unknown meeting
    const other = [...server.engine.rooms.keys()].find((id) => id !== MR)!;
    const foreign = await home.post('/status/participant/packets_lost_rate/', JSON.stringify({ mr_id: other }), own);
    const unknown = await home.post('/status/participant/packets_lost_rate/', JSON.stringify({ mr_id: '99887766' }), own);
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(unknown.text);
  });

  it('answer the developer signature alone in platform mode, which warns at start about the public token', async () => {
    const { peer, server, cfg } = await startHardened({ wire: 'platform', signing: 'compat' });
    const ep = [...server.engine.rooms.get(MR)!.endpoints.values()][0];
    expect((await peer('10.0.6.3').get(`/status/participant/${ep.epId}/media_stream/`)).status).toBe(200);
    const warnings: string[] = [];
    printBanner(cfg, server, { info() {}, warn: (m) => warnings.push(m), error() {} });
    expect(warnings.some((w) => /DEV_TOKEN/.test(w))).toBe(true);
    const quiet: string[] = [];
    printBanner({ ...cfg, devToken: 'a-private-token' }, server, { info() {}, warn: (m) => quiet.push(m), error() {} });
    expect(quiet.some((w) => /DEV_TOKEN/.test(w))).toBe(false);
  });
});
