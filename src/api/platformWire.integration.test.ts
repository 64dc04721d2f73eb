// @vitest-environment node
/**
 * The console in front of the platform's wire: its own client (`createApiClient`, the session
 * client, `createRelogin`) and the session actor with its machines, against the in-process
 * reference server started with `wire: 'platform'` (no `seq`, no resume token, no `code_id`,
 * compat signing only, no `signing` in getPlatform; docs/protocol.md "Platform mode and the
 * console"), reached as in front of the real platform: through the `--upstream` proxy, which
 * signs for the console with DEV_ID/DEV_TOKEN (issue 23).
 *
 * These replace the second run of the login, participants, activity, meeting-controls and
 * two-console e2e specs against `WIRE=platform` (issue 22): each behaviour is the console's real
 * request, and its effect is read twice, from what the platform answers (mr-status, eps-status,
 * eps-info through the same client) and from what the console shows (the machines' state, fed by
 * the cursorless long poll). The browser smoke of each feature group stays in the e2e project
 * `platform` (tests tagged @platform).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor, type AnyActorRef } from 'xstate';
import { sessionMachine, type SessionEnd } from '@machines/session/sessionMachine';
import type { LoginResult } from '@machines/login/loginMachine';
import type { SendCommandEvent } from '@machines/commands/commandsMachine';
import type { SessionApi } from '@machines/api';
import { selectParticipantList, selectParticipantsLoaded } from '@machines/participants/selectors';
import { selectMeetingStatus, selectMosaicConfigs, selectTitleConfigs } from '@machines/meeting/selectors';
import { selectConnectionState, type ConnectionState } from '@machines/longPoll/selectors';
import { selectRecordingState } from '@machines/recording/selectors';
import { selectActivityEntries, selectActivitySource } from '@machines/activity/selectors';
import { selectControllerCount, selectControllersOnline } from '@machines/controllers/selectors';
import { selectSessionNotice, selectSessionRecovery } from '@machines/session/selectors';
import { publicControllerId } from '../../server/auth/sessionBinding';
import { RC } from '@protocol/codes';
import { compatToken, signingPath } from '@protocol/signing';
import { decodeUsrStats, type UsrStatsFlags } from '@protocol/usrStats';
import type { MosicConfigEntry, MrInfo, MrParticipants, MrStatus, OnlineEpsInfo, OnlineEpsStatus, TitleConfig } from '@protocol/wire';
import { CODE, HOST_PWD, MR, RealClientServer, SUPERVISOR_PWD } from '../../server/conformance/testing/realClients';
import {
  switchCommand,
  toMeetingRequest,
  toMeetingRequests,
  SWITCH_WIRE,
  type MeetingCommand,
} from '../features/meetingControls/meetingCommands';
import { toWireRequests, type ParticipantCommand, type SimpleCommand } from '../features/participants/commands';
import type { MeetingSwitchId } from '../features/meetingControls/MeetingSwitches';
import { createApiClient, createRelogin, type ApiClient } from './index';
import { startUpstreamProxy } from '../../server/http/upstreamProxy';
import { testConfig } from '../../server/config';
import type { RunningServer } from '../../server/app';
import { machineLogin } from '@machines/testing/machineLogin';
import { parseAssumeList } from '@protocol/assumptions';

/**
 * The groups of assumed calls this file's server offers: the login machine's picture code, the
 * waiting room, the controllers list, the meeting modes, host, private talk and live addresses.
 */
const ASSUMED_HERE = 'picture-code,waiting-room,controllers,meeting-modes,host-role,private-talk,live-addresses';

/** what only Podium's server has: never in an answer of the platform */
const PODIUM_ONLY = ['seq', 'code_id', 'expires_in', 'resume_token', 'sign_key', 'signing'];

let srv: RealClientServer;
/** the `--upstream` proxy in front of srv, signing with srv's credentials */
let proxy: RunningServer;
let devid = '';
let devtoken = '';

/** Every request the console's clients sent, as it left (ky hands fetch a Request). */
interface Sent {
  method: string;
  path: string;
  headers: Headers;
  body: string;
}
const sent: Sent[] = [];
/** set to fail the next long poll with a network error (the answer lost on the way) */
let failNextPoll = false;

const recordingFetch: typeof fetch = async (input, init) => {
  const req = input instanceof Request ? input : new Request(input, init);
  const body = req.method === 'GET' ? '' : await req.clone().text();
  const path = new URL(req.url).pathname;
  sent.push({ method: req.method, path, headers: req.headers, body });
  if (failNextPoll && path.endsWith('/changes')) {
    failNextPoll = false;
    throw new TypeError('fetch failed');
  }
  return fetch(req);
};

beforeAll(async () => {
  // the steady endpoints never act on their own: what changes is what the console asked for.
  // PLATFORM_ASSUME (docs/protocol.md "Evidence and assumptions"): the assumed groups whose
  // features this file drives; `activity` stays off (the platform keeps no log, tested below)
  srv = await RealClientServer.start('platform', { simSteadyEndpoints: 8, platformAssume: parseAssumeList(ASSUMED_HERE) });
  ({ devId: devid, devToken: devtoken } = srv.config);
  const silent = { info: () => {}, warn: () => {}, error: () => {} };
  proxy = await startUpstreamProxy(testConfig({ upstreamUrl: srv.server.origin, upstreamSigner: { devid, devtoken } }), { log: silent });
});

afterAll(async () => {
  await proxy?.close();
  await srv?.close();
});

const client = (): ApiClient => createApiClient({ baseUrl: proxy.url, fetch: recordingFetch });

/** The console's login: the login machine (verify code picture, password, code) through its client. */
async function consoleLogin(password = HOST_PWD): Promise<{ api: ApiClient; result: LoginResult }> {
  const api = client();
  return { api, result: await machineLogin(api.login, MR, password, CODE) };
}

/** One console: the session actor as src/session/createSessionActor.ts builds it (no page). */
interface Console {
  actor: ReturnType<typeof startActor>;
  api: SessionApi;
  result: LoginResult;
  child(id: string): AnyActorRef;
  ended: SessionEnd[];
  states: ConnectionState[];
}

function startActor(api: SessionApi, result: LoginResult, relogin: ReturnType<typeof createRelogin>) {
  return createActor(sessionMachine, { input: { api, login: result, relogin, log: () => {} } }).start();
}

async function openConsole(password = HOST_PWD): Promise<Console> {
  const { api: apiClient, result } = await consoleLogin(password);
  const api = apiClient.session(result);
  const actor = startActor(api, result, createRelogin({ platform: apiClient.platform }, password));
  const child = (id: string) => actor.system.get(id) as AnyActorRef;
  const ended: SessionEnd[] = [];
  actor.on('session.ended', (e) => ended.push(e.end));
  const states: ConnectionState[] = [];
  child('longPoll').subscribe((s) => {
    const c = selectConnectionState(s as never);
    if (states.at(-1) !== c) states.push(c);
  });
  await waitFor(child('participants'), selectParticipantsLoaded, { timeout: 10_000 });
  await waitFor(child('longPoll'), (s) => selectConnectionState(s as never) === 'live', { timeout: 10_000 });
  return { actor, api, result, child, ended, states };
}

async function closeConsole(c: Console): Promise<void> {
  if (c.actor.getSnapshot().status !== 'active') return;
  c.actor.send({ type: 'session.logout' });
  await waitFor(c.actor, (s) => s.status === 'done', { timeout: 5000 });
}

// ---------------------------------------------------------------------------------------------
// what the platform answers and what the console shows, in one shape

interface Endpoint {
  name: string;
  flags: UsrStatsFlags;
}
interface View {
  status: Partial<MrStatus> & Record<string, unknown>;
  /** online endpoints by usr_id */
  eps: Map<string, Endpoint>;
}

/** The platform's answers, read through the console's session client. */
async function platformView(api: SessionApi): Promise<View> {
  const [status, info, stats] = await Promise.all([
    api.get<MrStatus & Record<string, unknown>>('mr-status'),
    api.get<OnlineEpsInfo>('eps-info'),
    api.get<OnlineEpsStatus>('eps-status'),
  ]);
  const names = new Map(info.usr_ids.map((id, i) => [id, info.usr_names[i]]));
  const eps = new Map<string, Endpoint>();
  stats.usr_ids.forEach((id, i) => eps.set(id, { name: names.get(id) ?? '', flags: decodeUsrStats(stats.usr_stats[i], stats.stats_desc) }));
  return { status, eps };
}

/** What the console holds, as its machines have it from the feed. */
function consoleView(c: Console): View {
  const eps = new Map<string, Endpoint>();
  for (const p of selectParticipantList(c.child('participants').getSnapshot())) {
    if (p.online === 1) eps.set(p.usr_id, { name: p.usr_name, flags: decodeUsrStats(p.usr_stat) });
  }
  return { status: (selectMeetingStatus(c.child('meeting').getSnapshot()) ?? {}) as View['status'], eps };
}

/** Polls `read` until it equals `want` (deep), failing with the last value. */
async function until<T>(read: () => Promise<T> | T, want: unknown, what: string, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  let last: T | undefined;
  for (;;) {
    last = await read();
    try {
      expect(last).toEqual(want);
      return;
    } catch {
      if (Date.now() > end) {
        expect(last, what).toEqual(want);
        return;
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** The platform holds `want`, and so does every console given (through its poll). */
async function expectEverywhere(
  read: (v: View) => unknown,
  want: unknown,
  consoles: Console[],
  what: string,
  timeoutMs?: number,
): Promise<void> {
  await until(async () => read(await platformView(consoles[0].api)), want, `${what} on the platform`, timeoutMs);
  for (const [i, c] of consoles.entries()) await until(() => read(consoleView(c)), want, `${what} in console ${i + 1}`, timeoutMs);
}

/**
 * Sends one command the way the screens do (`command.send` to the session, which hands it to
 * its commands actor) and waits for its answer: resolves on success, rejects with the refusal.
 */
function command(c: Console, event: SendCommandEvent | (() => void)): Promise<void> {
  return new Promise((resolve, reject) => {
    const commands = c.child('commands');
    const subs = [
      commands.on('command.succeeded', () => {
        for (const s of subs) s.unsubscribe();
        resolve();
      }),
      commands.on('command.refused', (e: unknown) => {
        for (const s of subs) s.unsubscribe();
        reject(Object.assign(new Error(`refused: ${JSON.stringify(e)}`), { refusal: e }));
      }),
    ];
    if (typeof event === 'function') event();
    else c.actor.send(event);
  });
}

const participant = (cmd: SimpleCommand): SendCommandEvent =>
  ({ type: 'command.send', ...toWireRequests(cmd, { onlineIds: [] })[0] }) as SendCommandEvent;
/**
 * A command the screens send as a recipe (several requests, issue 23): each goes to the console's
 * commands actor as the participants panel sends them; `command` waits for the answer to the first,
 * `expectEverywhere` for the effect of all. `onlineIds` as the panel knows them (hang up all).
 */
const recipe =
  (c: () => Console, cmd: ParticipantCommand | MeetingCommand, onlineIds: string[] = []) =>
  () => {
    const requests =
      'type' in cmd && ['title', 'subtitlePosition', 'mosaic', 'endMeeting', 'bypassOn', 'liveAddresses'].includes(cmd.type)
        ? toMeetingRequests(cmd as MeetingCommand, 'platform')
        : toWireRequests(cmd as ParticipantCommand, { onlineIds });
    for (const r of requests) c().actor.send({ type: 'command.send', ...r } as SendCommandEvent);
  };
const meeting = (cmd: MeetingCommand): SendCommandEvent => ({ type: 'command.send', ...toMeetingRequest(cmd) }) as SendCommandEvent;
const eps = (action: Extract<ParticipantCommand, { type: 'eps' }>['action'], usrIds: string[], value?: number | string) =>
  participant({ type: 'eps', action, usrIds, ...(value !== undefined ? { value } : {}) });
const flag = (id: string, name: keyof UsrStatsFlags) => (v: View) => v.eps.get(id)?.flags[name];
const field = (name: string) => (v: View) => v.status[name];

// ---------------------------------------------------------------------------------------------

describe('login and signing on the platform wire', () => {
  it.each([
    ['host', HOST_PWD],
    ['supervisor', SUPERVISOR_PWD],
  ] as const)('the login machine logs the %s in without code_id; the answer has none of Podium’s fields', async (role, password) => {
    sent.length = 0;
    const { result } = await consoleLogin(password);
    expect(result).toMatchObject({ mrId: MR, role, signing: 'compat' });
    expect(result.signKey).toBeUndefined();
    expect(result.resumeToken).toBeUndefined();
    expect(result.loginSeq).toBeUndefined();
    const loginBody = JSON.parse(sent.find((r) => r.method === 'POST' && r.path.endsWith('/sessions/'))!.body) as Record<string, unknown>;
    expect(loginBody).toMatchObject({ cmdid: 'ctrl_mr_req', mr_id: MR, ctrl_pwd: password, cert_code: CODE });
    expect(loginBody).not.toHaveProperty('code_id');
  });

  it('the verify code and the login answer carry no code_id, expires_in, seq, sign_key, signing or resume_token', async () => {
    const api = client();
    // as the platform answers them, before the console's decoders fill in defaults
    const raw = <T>(method: 'GET' | 'POST', path: string, body?: unknown) => api.platform.transport.request<T>({ method, path, body });
    const code = await raw<Record<string, unknown>>('GET', '/rest/v1/meetings/verify-code');
    const text = await raw<Record<string, unknown>>('GET', '/rest/v1/meetings/temp-verify-code');
    const answer = await raw<Record<string, unknown>>('POST', `/rest/v1/meetings/${MR}/sessions/`, {
      cmdid: 'ctrl_mr_req',
      mr_id: MR,
      ctrl_pwd: HOST_PWD,
      cert_code: CODE,
    });
    expect(answer.sess_id).toEqual(expect.any(String));
    for (const [what, obj] of [
      ['verify code', code],
      ['text verify code', text],
      ['login answer', answer],
    ] as const) {
      for (const f of PODIUM_ONLY) expect(obj, `${what} has no ${f}`).not.toHaveProperty(f);
    }
    // no credentials from the platform: the proxy said it signs
    expect(await api.platform.settings()).toEqual({ upstreamSigns: true, aesMode: false });
  });

  it.each([
    ['a wrong password', { password: '999999' }, { status: 403, result: RC.wrongMeetingPassword }],
    ['an unknown meeting', { mrId: '99999999' }, { status: 404 }],
    ['a wrong verify code', { code: 'ZZZZ' }, { status: 405, result: RC.verifyCodeIncorrect }],
  ] as const)('%s is refused with the reason the login screen shows', async (_what, change, want) => {
    const api = client();
    const code = await api.login.getVerifyCode();
    const args = { mrId: MR, password: HOST_PWD, code: CODE, codeId: code.code_id, ...change };
    const error = await api.login.login(args).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'http', ...want });
  });

  it('the platform issues no resume token and refuses a resume', async () => {
    const refused = await client()
      .resume({ mrId: MR, resumeToken: 'A'.repeat(43) })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'http', status: 403, result: RC.resumeRefused });
  });

  it('the console sends no signing headers and never sees the developer token: the proxy signs every request compat and the platform accepts it', async () => {
    sent.length = 0;
    const c = await openConsole();
    await command(c, eps('a_rx', ['steady.08'], 1));
    await closeConsole(c);
    const requests = sent.filter((r) => !r.path.endsWith('/getPlatform'));
    expect(requests.map((r) => r.path)).toEqual(
      expect.arrayContaining([expect.stringMatching(/\/changes$/), expect.stringMatching(/\/eps-status$/)]),
    );
    for (const r of requests) {
      for (const h of ['devid', 'randdtm', 'md5token', 'signature', 'nonce']) expect(r.headers.get(h), `${r.path} ${h}`).toBeNull();
    }
    // what the proxy sends is the platform's compat scheme with the configured credentials
    const path = '/rest/v1/meetings/temp-verify-code';
    expect((await fetch(srv.server.origin + path)).status).toBe(401);
    const randdtm = String(Math.floor(Date.now() / 1000));
    const signedByHand = { devid, randdtm, md5token: compatToken(devid, devtoken, randdtm, signingPath(path)) };
    expect((await fetch(srv.server.origin + path, { headers: signedByHand })).status).toBe(200);
  });

  it('a request signed wrong is refused and changes nothing: a wrong developer token, or strict signing with a made-up key', async () => {
    const host = await consoleLogin();
    const good = host.api.session({ mrId: MR, sessId: host.result.sessId });
    const before = (await good.get<MrStatus>('mr-status')).mr_locked;

    const wrongToken = createApiClient({
      baseUrl: srv.server.url,
      settings: { signing: { mode: 'compat', devid, devtoken: 'not-the-token' }, aesMode: false },
    });
    expect(await wrongToken.login.getVerifyCode().catch((e: unknown) => e)).toMatchObject({ kind: 'http', status: 401 });
    const forged = wrongToken.session({ mrId: MR, sessId: host.result.sessId });
    expect(await forged.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: before ? 0 : 1 }).catch((e: unknown) => e)).toMatchObject({
      kind: 'http',
      status: 401,
    });

    const strict = createApiClient({ baseUrl: srv.server.url, settings: { signing: { mode: 'strict', devid, devtoken }, aesMode: false } });
    const strictSession = strict.session({
      mrId: MR,
      sessId: host.result.sessId,
      signKey: 'AAAAAAAAAAAAAAAAAAAAAA==',
      signing: 'strict',
    });
    expect(
      await strictSession.post('mr-status', { cmdid: 'mod_mr_status', lock_mr: before ? 0 : 1 }).catch((e: unknown) => e),
    ).toMatchObject({ kind: 'http', status: 401 });

    expect((await good.get<MrStatus>('mr-status')).mr_locked).toBe(before);
  });
});

describe('a console in front of the platform', () => {
  let host: Console;
  let supervisor: Console;
  /** the steady endpoints: never leave, never act on their own */
  let S: string[];

  beforeAll(async () => {
    host = await openConsole(HOST_PWD);
    supervisor = await openConsole(SUPERVISOR_PWD);
    S = [...(await platformView(host.api)).eps.keys()].filter((id) => id.startsWith('steady.')).sort();
    expect(S.length).toBe(8);
  });

  afterAll(async () => {
    for (const c of [host, supervisor]) if (c) await closeConsole(c);
  });

  it('loads the snapshot without seq, polls without since_seq, and holds exactly what the platform holds', async () => {
    const snapshots = await Promise.all(
      ['participants', 'eps-info', 'eps-status', 'mr-status', 'mr-info'].map((s) => host.api.get<Record<string, unknown>>(s)),
    );
    for (const s of snapshots) expect(s).not.toHaveProperty('seq');
    expect(host.child('longPoll').getSnapshot().context.feed).toBe('server');
    expect(selectSessionRecovery(host.actor.getSnapshot())).toBe('relogin');
    const polls = sent.filter((r) => r.path === `/rest/v1/meetings/${MR}/sessions/${host.result.sessId}/changes`);
    expect(polls.length).toBeGreaterThan(0);
    for (const p of polls) expect(JSON.parse(p.body)).toEqual({ cmdid: 'get_changes', block_secs: expect.any(Number) });
    const summary = (v: View) => [...v.eps].map(([id, e]) => `${id}:${e.name}:${Object.values(e.flags).join('')}`).sort();
    await until(() => summary(consoleView(host)), summary(await platformView(host.api)), 'the console’s endpoints');
    const roster = await host.api.get<MrParticipants>('participants');
    const known = new Set(selectParticipantList(host.child('participants').getSnapshot()).map((p) => p.usr_id));
    for (const id of roster.added_usr_ids) expect(known.has(id), id).toBe(true);
  });

  /**
   * Each row: what a screen of the console sends, and where its effect must show: on the
   * platform and, through the cursorless poll, in both consoles.
   */
  interface Step {
    send: (t: { host: Console; supervisor: Console }) => SendCommandEvent | (() => void);
    by?: 'host' | 'supervisor';
    read: (v: View) => unknown;
    want: unknown;
    timeoutMs?: number;
  }
  interface Row {
    behaviour: string;
    e2e: string;
    steps: (S: string[]) => Step[];
  }

  const ROWS: Row[] = [
    {
      behaviour: 'mute and unmute one participant (MCU audio a_rx)',
      e2e: 'participants: mute and unmute one participant; two consoles: a mute in one console shows in the other',
      steps: ([p]) => [
        { send: () => eps('a_rx', [p], 0), read: flag(p, 'a_rx'), want: 0 },
        { by: 'supervisor', send: () => eps('a_rx', [p], 1), read: flag(p, 'a_rx'), want: 1 },
      ],
    },
    {
      behaviour: 'stop and allow listening (a_tx) and watching (v_tx)',
      e2e: 'participants: stop and allow listening and watching for one participant',
      steps: ([, p]) => [
        { send: () => eps('a_tx', [p], 0), read: flag(p, 'a_tx'), want: 0 },
        { send: () => eps('v_tx', [p], 0), read: flag(p, 'v_tx'), want: 0 },
        { send: () => eps('a_tx', [p], 1), read: flag(p, 'a_tx'), want: 1 },
        { send: () => eps('v_tx', [p], 1), read: (v) => [flag(p, 'a_tx')(v), flag(p, 'v_tx')(v)], want: [1, 1] },
      ],
    },
    {
      behaviour: 'rename (displayname)',
      e2e: 'participants: rename … renames on the server; two consoles: a rename in one console shows in the other',
      steps: ([, , p]) => [
        { send: () => eps('displayname', [p], 'Renamed on platform'), read: (v) => v.eps.get(p)?.name, want: 'Renamed on platform' },
      ],
    },
    {
      behaviour: 'set and cancel the main venue (speaker)',
      e2e: 'participants: set and cancel the main venue; meetingControls: designating the main venue reaches the server',
      steps: ([p]) => [
        { send: () => eps('speaker', [p], 1), read: field('spk_usr_id'), want: p },
        { send: () => eps('speaker', [''], 1), read: field('spk_usr_id'), want: '' },
      ],
    },
    {
      behaviour: 'set and unset the host',
      e2e: 'participants: set and cancel the main venue, set host and focus',
      steps: ([p]) => [
        { send: () => eps('host', [p], 1), read: flag(p, 'host'), want: 1 },
        { send: () => eps('host', [p], 0), read: flag(p, 'host'), want: 0 },
      ],
    },
    {
      behaviour: 'set and cancel the focus',
      e2e: 'participants: set and cancel the main venue, set host and focus',
      steps: ([p]) => [
        {
          send: () => eps('focus', [p], 1),
          read: (v) => ((v.status.spec_focus_usr_ids as string[] | undefined) ?? []).includes(p),
          want: true,
        },
        {
          send: () => eps('focus', [p], 0),
          read: (v) => ((v.status.spec_focus_usr_ids as string[] | undefined) ?? []).includes(p),
          want: false,
        },
      ],
    },
    {
      behaviour: 'microphone gain',
      e2e: 'participants-dialogs: microphone gain is applied on the server',
      steps: ([, , , p]) => [{ send: () => eps('mic_gain', [p], 7), read: flag(p, 'mic_gain'), want: 7 }],
    },
    {
      behaviour: 'hang up, then call again',
      e2e: 'participants: hang up drops the call on the server; call again dials the participant',
      steps: ([, , , p]) => [
        { send: () => eps('drop', [p]), read: (v) => v.eps.has(p), want: false },
        { send: () => eps('call', [p]), read: (v) => v.eps.has(p), want: true, timeoutMs: 15_000 },
      ],
    },
    {
      behaviour: 'mute all, forbid listening and watching for all: the recipes (all_guests_mute, mr_atx_mode, mr_vtx_mode)',
      e2e: 'participants: meeting-wide audio and video actions change every endpoint',
      steps: () => {
        // the recipes bind the audience: the main venue and honoured guests keep their flags
        const audience = (e: { flags: UsrStatsFlags }) => e.flags.speaker === 0 && e.flags.chair === 0 && e.flags.host === 0;
        const every = (name: keyof UsrStatsFlags, value: number) => (v: View) =>
          [...v.eps.values()].some(audience) && [...v.eps.values()].filter(audience).every((e) => e.flags[name] === value);
        return [
          { send: (t) => recipe(() => t.host, { type: 'muteAll', on: true }), read: every('a_rx', 0), want: true },
          { send: (t) => recipe(() => t.host, { type: 'muteAll', on: false }), read: every('a_rx', 1), want: true },
          { send: (t) => recipe(() => t.host, { type: 'listenAll', allow: false }), read: every('a_tx', 0), want: true },
          { send: (t) => recipe(() => t.host, { type: 'listenAll', allow: true }), read: every('a_tx', 1), want: true },
          { send: (t) => recipe(() => t.host, { type: 'watchAll', allow: false }), read: every('v_tx', 0), want: true },
          { send: (t) => recipe(() => t.host, { type: 'watchAll', allow: true }), read: every('v_tx', 1), want: true },
        ];
      },
    },
    {
      behaviour: 'guest mute, audience no-watch and no-listen (mod_mr_status)',
      e2e: 'participants: meeting-wide audio and video actions … and the meeting status',
      steps: () =>
        (['all_guests_mute', 'mr_vtx_mode', 'mr_atx_mode'] as const).flatMap((key) => [
          { send: () => meeting({ type: 'status', key, value: 1 }), read: field(key), want: 1 },
          { send: () => meeting({ type: 'status', key, value: 0 }), read: field(key), want: 0 },
        ]),
    },
    {
      behaviour:
        'every meeting switch flips and back (lock, guests, self-unmute, content sharing, platform layout, same layout, subtitles, live)',
      e2e: 'meetingControls: every switch flips the server state and back; a switch changed by another console shows here',
      steps: () =>
        (Object.keys(SWITCH_WIRE) as MeetingSwitchId[]).flatMap((id) => {
          const read = (v: View) => Number(v.status[SWITCH_WIRE[id].field]);
          // live is refused without its addresses (spec §5): the console's Live switch sets them first
          const pullUrl = 'http://127.0.0.1/liveplay/wire.flv';
          const addresses =
            id === 'live'
              ? [
                  {
                    send: () => meeting({ type: 'liveAddresses', pushUrl: 'rtmp://127.0.0.1:1935/live/wire', pullUrl }),
                    read: field('rtmp_url'),
                    want: pullUrl,
                  },
                ]
              : [];
          return [
            ...addresses,
            { send: () => meeting(switchCommand(id, true)), read, want: 1 },
            { send: () => meeting(switchCommand(id, false)), read, want: 0 },
          ];
        }),
    },
    {
      behaviour: 'chat permission, live chat, meeting mode, polling of the audience view',
      e2e: 'meetingControlsModes: chat permission, live chat and meeting mode reach the server; polling of the audience view',
      steps: () => [
        { send: () => meeting({ type: 'status', key: 'chat_permission', value: 2 }), read: field('chat_permission'), want: 2 },
        { send: () => meeting({ type: 'status', key: 'live_chat', value: 0 }), read: field('live_chat'), want: 0 },
        {
          send: () => meeting({ type: 'status', key: 'meeting_mode', value: 'discussion' }),
          read: field('meeting_mode'),
          want: 'discussion',
        },
        { send: () => meeting({ type: 'status', key: 'guest_poll', value: 1 }), read: (v) => Number(v.status.guest_poll), want: 1 },
        { send: () => meeting({ type: 'status', key: 'guest_poll', value: 0 }), read: (v) => Number(v.status.guest_poll), want: 0 },
      ],
    },
    {
      behaviour: 'waiting room: enable, bulk move in, admit, move one back, refuse it, disable (waitingRoom machine)',
      e2e: 'participants: bulk move to the waiting room, admit …, refuse one; meetingControlsModes: waiting room enable/move/permit, two refused together',
      steps: ([, , , , a, b]) => {
        const waiting = (v: View) => [flag(a, 'waiting')(v), flag(b, 'waiting')(v)];
        const wr = (t: { host: Console }) => t.host.child('waitingRoom');
        return [
          { send: (t) => () => wr(t).send({ type: 'waitingRoom.enable' }), read: field('waiting_room'), want: 1 },
          { send: (t) => () => wr(t).send({ type: 'waitingRoom.move', usrIds: [a, b] }), read: waiting, want: [1, 1] },
          { send: (t) => () => wr(t).send({ type: 'waitingRoom.admit', usrIds: [a, b] }), read: waiting, want: [0, 0] },
          { send: (t) => () => wr(t).send({ type: 'waitingRoom.move', usrIds: [a] }), read: flag(a, 'waiting'), want: 1 },
          { send: (t) => () => wr(t).send({ type: 'waitingRoom.refuse', usrIds: [a] }), read: (v) => v.eps.has(a), want: false },
          // the refused one is called back, so it is online again
          { send: () => eps('call', [a]), read: (v) => v.eps.has(a), want: true, timeoutMs: 15_000 },
          { send: (t) => () => wr(t).send({ type: 'waitingRoom.disable' }), read: field('waiting_room'), want: 0 },
        ];
      },
    },
    {
      behaviour: 'roll call: start, next, end with the roll-call recipe (rollCall machine: roll_call, a_rx, the roll-call layout)',
      e2e: 'participants: roll call: start, next and end are applied by the server',
      steps: ([a, b]) => [
        {
          send: (t) => () => t.host.child('rollCall').send({ type: 'rollCall.start', usrId: a, view: 'with_speaker' }),
          read: (v) => [v.status.roll_call, v.status.rollcall_usr_id, flag(a, 'a_rx')(v)],
          want: [1, a, 1],
        },
        { send: (t) => () => t.host.child('rollCall').send({ type: 'rollCall.next', usrId: b }), read: field('rollcall_usr_id'), want: b },
        { send: (t) => () => t.host.child('rollCall').send({ type: 'rollCall.end' }), read: field('roll_call'), want: 0 },
      ],
    },
    {
      behaviour: 'push stream on and off (mod_bypass_url, then enable_bypass 0)',
      e2e: 'meetingControlsLive: push stream … start and stop on the server',
      steps: () => [
        {
          send: () => meeting({ type: 'bypassOn', url: 'rtmp://live.example.com/app/stream?key=a&b=c' }),
          read: (v) => [v.status.bypass_enabled, v.status.bypass_url],
          want: [1, 'rtmp://live.example.com/app/stream?key=a&b=c'],
        },
        { send: () => meeting({ type: 'status', key: 'enable_bypass', value: 0 }), read: field('bypass_enabled'), want: 0 },
      ],
    },
    {
      behaviour: 'live addresses saved while live is off (mod_rtmp_url)',
      e2e: 'meetingControlsLive: live addresses: both required, saved while live is off',
      steps: () => [
        {
          send: () =>
            meeting({ type: 'liveAddresses', pushUrl: 'rtmp://push.example.com/live/a', pullUrl: 'rtmp://pull.example.com/live/a' }),
          read: (v) => [v.status.push_url, v.status.rtmp_url],
          want: ['rtmp://push.example.com/live/a', 'rtmp://pull.example.com/live/a'],
        },
      ],
    },
    {
      behaviour: 'a private talk with one participant (supervisor)',
      e2e: 'meetingControlsSupervisor: a private talk with one participant goes through the server',
      steps: ([, , , , , , p]) => [
        { by: 'supervisor', send: () => eps('private_talk', [p], 1), read: field('private_talk_usr_id'), want: p },
        { by: 'supervisor', send: () => eps('private_talk', [p], 0), read: field('private_talk_usr_id'), want: '' },
      ],
    },
  ];

  it.each(ROWS)('$behaviour', async (row) => {
    for (const [i, step] of row.steps(S).entries()) {
      const by = step.by === 'supervisor' ? supervisor : host;
      await command(by, step.send({ host, supervisor }));
      await expectEverywhere(step.read, step.want, [host, supervisor], `${row.behaviour}, step ${i + 1}`, step.timeoutMs);
    }
  });

  it('raised hands (the talk recipe): permitting one lets them speak, refusing one keeps them muted, lowering all lowers every hand', async () => {
    const [, , , , , , p, q] = S;
    await command(
      host,
      recipe(() => host, { type: 'muteAll', on: true }),
    );
    const room = srv.server.engine.rooms.get(MR)!;
    // the endpoints raise their hands (what a participant does, not the console)
    for (const id of [p, q]) room.setFlag(room.endpoints.get(id)!, 'hand', 1);
    room.flush();
    await expectEverywhere((v) => [flag(p, 'hand')(v), flag(q, 'hand')(v)], [1, 1], [host, supervisor], 'two hands up');
    await command(
      host,
      recipe(() => host, { type: 'acceptHands', usrIds: [p], showTalker: false }),
    );
    await command(
      host,
      recipe(() => host, { type: 'refuseHands', usrIds: [q] }),
    );
    await expectEverywhere(
      (v) => [flag(p, 'hand')(v), flag(p, 'a_rx')(v), flag(q, 'hand')(v), flag(q, 'a_rx')(v)],
      [0, 1, 0, 0],
      [host, supervisor],
      'permitted and refused',
    );
    for (const id of [p, q]) room.setFlag(room.endpoints.get(id)!, 'hand', 1);
    room.flush();
    await expectEverywhere((v) => [flag(p, 'hand')(v), flag(q, 'hand')(v)], [1, 1], [host, supervisor], 'two hands up again');
    await command(host, eps('clear_all_hand', []));
    await expectEverywhere((v) => [...v.eps.values()].some((e) => e.flags.hand === 1), false, [host, supervisor], 'no hand up');
    await command(
      host,
      recipe(() => host, { type: 'muteAll', on: false }),
    );
  });

  it('recording starts and stops (recording machine): the platform’s status and the console’s state', async () => {
    const recording = host.child('recording');
    await command(host, () => recording.send({ type: 'recording.start' }));
    await until(async () => (await host.api.get<MrStatus>('mr-status')).rec_state, 'recording', 'recording on the platform', 15_000);
    await waitFor(recording, (s) => selectRecordingState(s as never) === 'recording', { timeout: 15_000 });
    await command(host, () => recording.send({ type: 'recording.stop' }));
    await until(async () => (await host.api.get<MrStatus>('mr-status')).rec_state, 'idle', 'recording off on the platform', 15_000);
    await waitFor(recording, (s) => selectRecordingState(s as never) !== 'recording', { timeout: 15_000 });
  });

  it('layout: a changed guest layout is taken by the platform and reaches both consoles (config_mosic)', async () => {
    const entries = (selectMosaicConfigs(host.child('meeting').getSnapshot()) ?? []) as MosicConfigEntry[];
    const guest = entries.find((e) => e.role === 'guest');
    expect(guest, 'the console loaded the guest layout').toBeDefined();
    const pollSecs = guest!.poll_secs === 20 ? 30 : 20;
    await command(host, meeting({ type: 'mosaic', configs: [{ ...guest!, poll_secs: pollSecs }] }));
    const readGuest = (list: MosicConfigEntry[] | undefined) => list?.find((e) => e.role === 'guest')?.poll_secs;
    await until(
      async () => readGuest((await host.api.get<{ config_info: MosicConfigEntry[] }>('mosic-config')).config_info),
      pollSecs,
      'the platform’s guest layout',
    );
    for (const c of [host, supervisor])
      await until(
        () => readGuest(selectMosaicConfigs(c.child('meeting').getSnapshot()) as MosicConfigEntry[]),
        pollSecs,
        'the console’s guest layout',
      );
  });

  it('subtitles: the banner the console sets once per role is the platform’s one flat banner, read back as that target', async () => {
    const title: TitleConfig = {
      to_role: 'all',
      message: 'Platform subtitle',
      has_title: 1,
      font_size: 36,
      font_color: 16777215,
      bg_color: 0,
      bg_alpha: 0,
      font_name: 'san',
      speed: 60,
      y_pos: 80,
      h_align: 1,
      v_align: 2,
      h_margin: 10,
      v_margin: 10,
    };
    await command(
      host,
      recipe(() => host, { type: 'title', title }),
    );
    await until(
      async () => (await host.api.get<Record<string, unknown>>('title-config')).message,
      'Platform subtitle',
      'the platform’s banner',
    );
    const banner = await host.api.get<Record<string, unknown>>('title-config');
    expect(banner).toMatchObject({ message: 'Platform subtitle', has_title: 1, speed: 60 });
    expect(banner).not.toHaveProperty('titles');
    for (const c of [host, supervisor]) {
      await until(
        () => {
          const titles = selectTitleConfigs(c.child('meeting').getSnapshot()) as unknown as Record<string, TitleConfig> | TitleConfig[];
          const list = Array.isArray(titles) ? titles : Object.values(titles ?? {});
          return list.find((t) => t.message === 'Platform subtitle')?.message;
        },
        'Platform subtitle',
        'the console’s banner',
      );
    }
  });

  it('overtime extends the meeting on the platform (mod_mr_info)', async () => {
    const before = (await host.api.get<MrInfo>('mr-info')).duration;
    await command(host, participant({ type: 'overtime', increaseSecs: 600 }));
    expect((await host.api.get<MrInfo>('mr-info')).duration).toBe(before + 600);
  });

  it('a supervisor is refused the lock with the server’s reason, and nothing changes', async () => {
    const before = (await host.api.get<MrStatus>('mr-status')).mr_locked;
    const refusal = await command(supervisor, meeting(switchCommand('lock', !before))).then(
      () => null,
      (e: { refusal: unknown }) => e.refusal,
    );
    expect(refusal).toMatchObject({ status: 403, result: expect.any(Number) });
    expect((await host.api.get<MrStatus>('mr-status')).mr_locked).toBe(before);
    expect(Number(consoleView(host).status.mr_locked)).toBe(before);
  });

  it('two consoles: the host sees the supervisor join; both count each other among the controllers online', async () => {
    await waitFor(
      host.child('controllers'),
      (s) =>
        selectControllerCount(s as never) > 0 &&
        (s as never as { context: { active: Set<string> } }).context.active.has(publicControllerId(supervisor.result.sessId)),
      { timeout: 10_000 },
    );
    // the count the top bar shows: the controllers snapshot as the notification lists have the actor follow it
    for (const c of [host, supervisor]) {
      c.child('controllers').send({ type: 'controllers.follow' });
      try {
        const s = await waitFor(c.child('controllers'), (x) => selectControllersOnline(x as never).exact, { timeout: 5000 });
        expect(selectControllersOnline(s as never).list.map((x) => x.role)).toEqual(expect.arrayContaining(['host', 'supervisor']));
      } finally {
        c.child('controllers').send({ type: 'controllers.unfollow' });
      }
    }
  });

  it('activity: the platform keeps no log, so the console lists its own commands and never asks for the log', async () => {
    const activity = host.child('activity');
    expect(selectActivitySource(activity.getSnapshot() as never)).toBe('local');
    const entries = selectActivityEntries(activity.getSnapshot() as never);
    expect(entries.length).toBeGreaterThan(5);
    for (const e of entries) expect(e.peer_ip).toBe('');
    expect(entries.map((e) => e.cmdid)).toEqual(expect.arrayContaining(['ctrl_mr_eps', 'mod_mr_status']));
    expect(sent.filter((r) => /\/activity\b/.test(r.path))).toEqual([]);
  });
});

describe('a console whose session the platform dropped or whose poll failed', () => {
  it('a failed poll: the console reloads the whole snapshot (no cursor to ask from) and shows resynced', async () => {
    const c = await openConsole();
    try {
      const prefix = `/rest/v1/meetings/${MR}/sessions/${c.result.sessId}/`;
      const mark = sent.length;
      failNextPoll = true;
      // the next poll goes out once the one held now answers: make it answer
      await command(c, eps('a_rx', ['steady.08'], 1));
      await waitFor(c.child('longPoll'), (s) => selectConnectionState(s as never) === 'resynced', { timeout: 15_000 });
      const after = sent
        .slice(mark)
        .filter((r) => r.path.startsWith(prefix))
        .map((r) => r.path.slice(prefix.length));
      expect(after).toEqual(expect.arrayContaining(['participants', 'eps-info', 'eps-status', 'mr-status', 'mr-info']));
      for (const r of sent.slice(mark).filter((x) => x.path === prefix + 'changes'))
        expect(JSON.parse(r.body)).not.toHaveProperty('since_seq');
      expect(c.ended).toEqual([]);
    } finally {
      await closeConsole(c);
    }
  });

  it('a dropped session: the console logs in again with the tab’s password, says so, reloads and polls the new session', async () => {
    const c = await openConsole();
    const relogged: LoginResult[] = [];
    c.actor.on('session.relogged', (e) => relogged.push(e.login));
    try {
      const engine = srv.server.engine;
      const old = c.result.sessId;
      await engine.logout(engine.sessionFor(MR, old));
      await waitFor(c.actor, (s) => selectSessionNotice(s) === 'relogged', { timeout: 20_000 });
      expect(relogged).toHaveLength(1);
      expect(relogged[0]).toMatchObject({ mrId: MR, role: 'host', signing: 'compat' });
      expect(relogged[0].sessId).not.toBe(old);
      expect(relogged[0].resumeToken).toBeUndefined();
      // the re-login is the platform clients' own: a text verify code, then cert_code without code_id
      const relogin = sent.filter((r) => r.method === 'POST' && r.path === `/rest/v1/meetings/${MR}/sessions/`).at(-1)!;
      expect(JSON.parse(relogin.body)).toEqual({ cmdid: 'ctrl_mr_req', mr_id: MR, ctrl_pwd: HOST_PWD, cert_code: CODE });
      expect(engine.getSession(relogged[0].sessId)).toMatchObject({ role: 'host', mrId: MR });
      await waitFor(c.child('longPoll'), (s) => ['live', 'resynced'].includes(selectConnectionState(s as never)), { timeout: 15_000 });
      // and the new session works: a command goes out on it and its effect comes back by its poll
      await command(c, eps('a_rx', ['steady.08'], 0));
      expect(sent.some((r) => r.method === 'POST' && r.path === `/rest/v1/meetings/${MR}/sessions/${relogged[0].sessId}/eps-status`)).toBe(
        true,
      );
      await until(() => flag('steady.08', 'a_rx')(consoleView(c)), 0, 'the new session’s poll');
      await command(c, eps('a_rx', ['steady.08'], 1));
      expect(c.ended).toEqual([]);
      c.actor.send({ type: 'session.dismissNotice' });
      expect(selectSessionNotice(c.actor.getSnapshot())).toBeNull();
    } finally {
      await closeConsole(c);
    }
  });

  it('the end of the meeting ends every console with meetingEnded (stop_mr_req)', async () => {
    const c = await openConsole();
    const other = await openConsole(SUPERVISOR_PWD);
    c.actor.send(meeting({ type: 'endMeeting' }));
    for (const x of [c, other]) {
      await waitFor(x.actor, (s) => s.status === 'done', { timeout: 15_000 });
      expect(x.ended).toEqual([expect.objectContaining({ code: 'meetingEnded' })]);
    }
  });
});
