/**
 * Network cuts and resyncs against the real reference server: the session's transport is
 * wrapped in a switch that fails every request (and aborts the held poll) while "offline",
 * while another controller keeps changing the meeting. When the network returns, the console
 * must hold exactly the server's participants: none lost, none duplicated.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import type { StartedServer } from '../../server/main';
import { expectInStep, loginTo, recordConnectionStates, startReferenceServer, switchable, TEST_MR as MR } from '../testing/referenceServer';
import { toLoginResult } from '../login/loginMachine';
import { selectParticipantList } from '../participants/selectors';
import { selectConnectionState } from '../longPoll/selectors';
import { sessionMachine } from './sessionMachine';

let server: StartedServer;

beforeAll(async () => {
  server = await startReferenceServer(12);
});

afterAll(async () => {
  await server?.close();
});

const login = (password: string) => loginTo(server, password);

describe('network cuts against the reference server', () => {
  it('offline for 5 s while another controller acts: back in step, nothing lost or duplicated', async () => {
    const host = await login('123456');
    const other = await login('654321');
    const net = switchable(host.api);
    const session = createActor(sessionMachine, {
      input: { api: net.api, login: toLoginResult(host.answer, MR), networkTarget: net.network, log: () => {}, random: () => 0.5 },
    }).start();
    const poller = session.system.get('longPoll') as AnyActorRef;
    const states = recordConnectionStates(poller);
    const participants = session.system.get('participants') as AnyActorRef;
    await waitFor(poller, (s) => selectConnectionState(s as never) === 'live', { timeout: 10_000 });
    await expectInStep(participants, other.api);

    net.cut();
    // meanwhile the other console mutes everyone online and invites a new participant
    const online = selectParticipantList(participants.getSnapshot())
      .filter((p) => p.online === 1)
      .map((p) => p.usr_id);
    await other.api.post('eps-status', { cmdid: 'ctrl_mr_eps', action: 'a_rx', usr_ids: online, value: 0 });
    await new Promise((r) => setTimeout(r, 5000));
    expect(states).toContain('reconnecting');
    net.restore();

    await waitFor(poller, (s) => ['live', 'reconnected'].includes(selectConnectionState(s as never)), { timeout: 10_000 });
    await expectInStep(participants, other.api);
    expect(states).toContain('reconnected');
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.status === 'done', { timeout: 5000 });
  }, 60_000);

  it('a resync answer reloads everything and the console is back in step, showing resynced', async () => {
    const host = await login('123456');
    const net = switchable(host.api);
    const session = createActor(sessionMachine, {
      input: { api: net.api, login: toLoginResult(host.answer, MR), log: () => {}, random: () => 0.5 },
    }).start();
    const poller = session.system.get('longPoll') as AnyActorRef;
    const participants = session.system.get('participants') as AnyActorRef;
    await waitFor(poller, (s) => selectConnectionState(s as never) === 'live', { timeout: 10_000 });
    const syncsBefore = (poller.getSnapshot() as { context: { syncs: number } }).context.syncs;
    net.forceResync();
    await waitFor(poller, (s) => (s as { context: { syncs: number } }).context.syncs > syncsBefore, { timeout: 15_000 });
    expect(selectConnectionState(poller.getSnapshot() as never)).toBe('resynced');
    await expectInStep(participants, host.api);
    session.send({ type: 'session.logout' });
    await waitFor(session, (s) => s.status === 'done', { timeout: 5000 });
  }, 60_000);
});
