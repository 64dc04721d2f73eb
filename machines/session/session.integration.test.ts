/**
 * The login machine and the session actor against the real reference server (engine, HTTP,
 * signing, simulated endpoints) through a minimal signed HTTP client (machines/testing/httpApi.ts; src/api has its own
 * tests against the server): the console logs in,
 * loads, follows the feed and ends up holding exactly what the server holds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import type { StartedServer } from '../../server/main';
import { httpClient } from '../testing/httpApi';
import { serverView, startReferenceServer, summarise, TEST_CODE as CODE, TEST_MR as MR } from '../testing/referenceServer';
import type { LoginResult } from '../login/loginMachine';
import { machineLogin } from '../testing/machineLogin';
import { selectParticipant, selectParticipantList, selectParticipantsLoaded } from '../participants/selectors';
import { selectConnectionState } from '../longPoll/selectors';
import { selectAnyPending } from '../commands/selectors';
import { sessionMachine, type SessionEnd } from './sessionMachine';
// other controllers see a one-way id, never the session id (issue 17 item 1)
import { publicControllerId } from '../../server/auth/sessionBinding';

let server: StartedServer;

beforeAll(async () => {
  server = await startReferenceServer(8);
});

afterAll(async () => {
  await server?.close();
});

async function logIn(password: string): Promise<{ result: LoginResult; client: Awaited<ReturnType<typeof httpClient>> }> {
  const client = await httpClient(server.url);
  return { result: await machineLogin(client.login, MR, password, CODE), client };
}

function startSession(result: LoginResult, client: Awaited<ReturnType<typeof httpClient>>) {
  const api = client.session(result);
  const actor = createActor(sessionMachine, { input: { api, login: result, log: () => {} } }).start();
  const child = (id: string) => actor.system.get(id) as AnyActorRef;
  return { actor, api, child };
}

describe('a session against the reference server', () => {
  it('logs in, loads, follows the feed, applies a command through it, and ends on logout', async () => {
    const { result, client } = await logIn('123456');
    expect(result).toMatchObject({ mrId: MR, role: 'host' });
    const { actor, api, child } = startSession(result, client);
    const ended: SessionEnd[] = [];
    actor.on('session.ended', (e) => ended.push(e.end));

    await waitFor(child('participants'), selectParticipantsLoaded, { timeout: 10_000 });
    await waitFor(child('longPoll'), (s) => selectConnectionState(s as never) === 'live', { timeout: 10_000 });
    expect(child('meeting').getSnapshot().context.status.mr_id).toBe(MR);

    // mute an online participant's audio at the MCU: the change arrives through the feed only
    const online = selectParticipantList(child('participants').getSnapshot()).find((p) => p.online === 1);
    expect(online).toBeDefined();
    actor.send({
      type: 'command.send',
      suffix: 'eps-status',
      body: { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: [online!.usr_id], value: 0 },
      usrIds: [online!.usr_id],
    });
    await waitFor(child('commands'), (s) => !selectAnyPending(s as never), { timeout: 5000 });
    await waitFor(child('participants'), (s) => selectParticipant(online!.usr_id)(s as never)?.usr_stat[0] === '0', {
      timeout: 5000,
    });

    // in step: the actor's records equal a fresh load from the server (the simulation keeps
    // moving, so compare at a moment both agree on, within a few polls)
    let same = false;
    for (let i = 0; i < 10 && !same; i++) {
      const expected = await serverView(api);
      await new Promise((r) => setTimeout(r, 1000));
      same = JSON.stringify(summarise(selectParticipantList(child('participants').getSnapshot()))) === JSON.stringify(expected);
    }
    expect(same).toBe(true);

    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
    expect(ended).toEqual([{ code: 'logout' }]);
  });

  it('delivers the service-expiry reminder the server sends at login, though it precedes the first load', async () => {
    const { result, client } = await logIn('123456');
    expect(typeof result.loginSeq).toBe('number');
    const { actor, child } = startSession(result, client);
    const notifications = await waitFor(
      child('notifications'),
      (s) => (s as never as { context: { serviceExpiry: unknown } }).context.serviceExpiry !== null,
      { timeout: 10_000 },
    );
    expect((notifications as never as { context: { serviceExpiry: unknown } }).context.serviceExpiry).toMatchObject({
      params: { days_left: expect.any(Number), expiry_dtm: expect.any(Number) },
    });
    // its own arrival is among the controllers too, though it happened before the load
    await waitFor(
      child('controllers'),
      (s) => (s as never as { context: { active: Set<string> } }).context.active.has(publicControllerId(result.sessId)),
      {
        timeout: 5000,
      },
    );
    actor.send({ type: 'session.logout' });
    await waitFor(actor, (s) => s.status === 'done', { timeout: 5000 });
  });

  it('a supervisor sees the host controller join and quit', async () => {
    const sup = await logIn('654321');
    const supervisor = startSession(sup.result, sup.client);
    await waitFor(supervisor.child('longPoll'), (s) => selectConnectionState(s as never) === 'live', { timeout: 10_000 });
    const host = await logIn('123456');
    await waitFor(
      supervisor.child('controllers'),
      (s) => (s as never as { context: { active: Set<string> } }).context.active.has(publicControllerId(host.result.sessId)),
      {
        timeout: 5000,
      },
    );
    // the host's logout reaches the supervisor as a controller quitting
    const hostSession = startSession(host.result, host.client);
    hostSession.actor.send({ type: 'session.logout' });
    await waitFor(hostSession.actor, (s) => s.status === 'done', { timeout: 5000 });
    await waitFor(
      supervisor.child('controllers'),
      (s) => !(s as never as { context: { active: Set<string> } }).context.active.has(publicControllerId(host.result.sessId)),
      {
        timeout: 15_000,
      },
    );
    supervisor.actor.send({ type: 'session.logout' });
    await waitFor(supervisor.actor, (s) => s.status === 'done', { timeout: 5000 });
  });
});
