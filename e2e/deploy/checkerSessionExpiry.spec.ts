/**
 * The API checkers the specs verify the console with (e2e/pages/keptSession.ts) outlive their
 * session's expiry: a spec that spent longer than SESSION_TIMEOUT_SECONDS in the browser without
 * asking them anything (a slow walk on a loaded machine) must get the server's state from its
 * next check, not 404 1006. A server of its own with the shortest timeout (5 s) stands in for the
 * 30 s of the others; no browser.
 */
import { test, expect } from '../fixtures';
import { startTestServer, type TestServer } from '../server';
import { MeetingControlsApi } from '../pages/MeetingControlsApi';
import { ParticipantsApi } from '../pages/ParticipantsApi';

test.describe('API checkers after the server expired their session', () => {
  let server: TestServer;

  test.beforeAll(async () => {
    server = await startTestServer({ env: { SESSION_TIMEOUT_SECONDS: '5', SIM_ENDPOINTS: '0' } });
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('log in again once and answer every check, the ones sent together included', async () => {
    const meeting = await MeetingControlsApi.login(server);
    const participants = await ParticipantsApi.login(server);
    const first = meeting.session.sessId;
    expect((await meeting.status()).mr_id).toBe(server.mrId);
    expect((await participants.status()).mr_id).toBe(server.mrId);

    // the server drops a session at its first tick (1 s) past the timeout
    await new Promise((r) => setTimeout(r, 7_000));

    const [status, online, titles, roster, states] = await Promise.all([
      meeting.status(),
      meeting.online(),
      meeting.titles(),
      participants.roster(),
      participants.endpointStates(),
    ]);
    expect(status.mr_id).toBe(server.mrId);
    expect(Array.isArray(online)).toBe(true);
    expect(Array.isArray(titles)).toBe(true);
    expect(Array.isArray(roster.added_usr_ids)).toBe(true);
    expect(states instanceof Map).toBe(true);
    const second = meeting.session.sessId;
    expect(second).not.toBe(first);
    // one fresh login per checker, shared by the requests the expired session refused together:
    // the two are the meeting's only controllers
    const { controllers } = await meeting.session.get<{ controllers: unknown[] }>('controllers');
    expect(controllers).toHaveLength(2);
    // a spec's own request through `api.session` is kept as well
    expect((await meeting.session.get<{ mr_id: string }>('mr-status')).mr_id).toBe(server.mrId);
    expect(meeting.session.sessId).toBe(second);
  });
});
