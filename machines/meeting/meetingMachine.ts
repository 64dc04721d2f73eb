/**
 * Meeting-wide data the feed carries (spec §3 "Also held", §4): meeting info and status (partial
 * deltas merged), schedule info, resource template info, title configs, mosaic configs and the
 * supported layouts, per-participant call quality answers and user infos.
 *
 * Title and mosaic configs and the layouts are not part of the long poll's start-up load, so
 * this machine fetches them itself, after each full load (`server.meeting_snapshot`): the poll
 * reads on from the roster's position, so a config read before that position could miss a change
 * made in between, for good (a layout window reloaded just before a layout change kept the old
 * layout). A feed event that comes while the fetch is under way is newer than it and wins for
 * its role or target; the fetch fills the rest. A failed fetch keeps what the feed gave, and says
 * so per config (`configLoad`): the dialogs show "Failed to retrieve configuration" with a retry
 * (`meeting.retryConfigs`) instead of opening on defaults (issue 30).
 *
 * It also asks about one participant (machines/meeting/queries.ts): the call quality
 * (`meeting.askCallQa`) and the details (`meeting.askUserInfos`, and on each `usr_ids` event).
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import type {
  GetCallQaRspEvent,
  MosicConfigEvent,
  OneMrInfoEvent,
  OneMrStatusEvent,
  ResourceTmplInfoEvent,
  ScheduleInfoEvent,
  SysMosicsEvent,
  TitleConfigEvent,
  UserInfosEvent,
  UsrIdsEvent,
} from '../../protocol/events';
import type { MosicConfigEntry, MosicGroupEntry, MrInfo, MrStatus, TitleConfig } from '../../protocol/wire';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';
import { askCallQa, askUserInfos, userInfoBatches, withUserInfos, type CallQaAsk, type QueryReport, type UserInfo } from './queries';

export type { CallQaAsk, UserInfo } from './queries';

export type ScheduleInfo = Omit<ScheduleInfoEvent, 'cmdid' | 'seq'>;
export type ResourceTemplateInfo = Omit<ResourceTmplInfoEvent, 'cmdid' | 'seq'>;

/** The configs the dialogs open on: subtitle titles, per-role layouts, the supported layouts. */
export type ConfigKind = 'titles' | 'mosaic' | 'layouts';
/** loading until the fetch after a full load answered; failed when that fetch could not read it */
export type ConfigLoadState = 'loading' | 'loaded' | 'failed';
const ALL_LOADING: Readonly<Record<ConfigKind, ConfigLoadState>> = { titles: 'loading', mosaic: 'loading', layouts: 'loading' };

export interface MeetingContext {
  api?: SessionApi;
  info: MrInfo | null;
  status: MrStatus | null;
  schedule: ScheduleInfo | null;
  resourceTemplate: ResourceTemplateInfo | null;
  titles: readonly TitleConfig[];
  mosaicConfigs: readonly MosicConfigEntry[];
  layouts: readonly MosicGroupEntry[];
  /** latest call quality per usr_id (answers to get_call_qa) */
  callQa: Readonly<Record<string, Record<string, number>>>;
  /** get_call_qa questions under way or refused, per usr_id (an answer removes its entry) */
  callQaAsks: Readonly<Record<string, CallQaAsk>>;
  /** whether each config was read after the last full load */
  configLoad: Readonly<Record<ConfigKind, ConfigLoadState>>;
  userInfos: Readonly<Record<string, UserInfo>>;
  /** config events received since the config fetch under way began; null when none is under way */
  configEventsDuringLoad: ConfigEvents | null;
}

/** What the feed said of the configs while a fetch of them was under way. */
interface ConfigEvents {
  titles: readonly TitleConfig[];
  mosaicConfigs: readonly MosicConfigEntry[];
  layouts?: readonly MosicGroupEntry[];
}

export type MeetingEvent =
  | SessionApiChangedEvent
  | { type: 'server.meeting_snapshot'; snapshot: MeetingSnapshot }
  | { type: 'server.one_mr_status'; event: OneMrStatusEvent }
  | { type: 'server.one_mr_info'; event: OneMrInfoEvent }
  | { type: 'server.schedule_info'; event: ScheduleInfoEvent }
  | { type: 'server.resource_tmpl_info'; event: ResourceTmplInfoEvent }
  | { type: 'server.title_config'; event: TitleConfigEvent }
  | { type: 'server.mosic_config'; event: MosicConfigEvent }
  | { type: 'server.sys_mosics'; event: SysMosicsEvent }
  | { type: 'server.get_call_qa_rsp'; event: GetCallQaRspEvent }
  | { type: 'server.user_infos'; event: UserInfosEvent }
  | { type: 'server.usr_ids'; event: UsrIdsEvent }
  | { type: 'meeting.retryConfigs' }
  | { type: 'meeting.askCallQa'; usrId: string }
  | { type: 'meeting.askUserInfos'; usrIds: readonly string[] }
  | QueryReport;

interface Configs {
  titles?: TitleConfig[];
  mosaicConfigs?: MosicConfigEntry[];
  layouts?: MosicGroupEntry[];
  /** no client to ask with (nothing was read, nothing failed) */
  skipped?: boolean;
}

/** Drops `cmdid` and `seq` from an event so only entity fields are merged. */
function fields<T extends { cmdid?: unknown; seq?: unknown }>(e: T): Omit<T, 'cmdid' | 'seq'> {
  const { cmdid: _c, seq: _s, ...rest } = e;
  return rest;
}

/** `base` with the entries of `newer` in place of those with the same key (role, target). */
function overlay<T>(base: readonly T[], newer: readonly T[], key: (entry: T) => string): T[] {
  const byKey = new Map(base.map((entry) => [key(entry), entry]));
  for (const entry of newer) byKey.set(key(entry), entry);
  return [...byKey.values()];
}

const byTarget = (t: TitleConfig) => t.to_role;
const byRole = (c: MosicConfigEntry) => c.role;

/**
 * What the feed said of the configs, applied to the meeting's configs and, while a fetch is under
 * way, to what that fetch must not overwrite.
 */
function withConfigEvent(
  context: MeetingContext,
  change: Partial<ConfigEvents>,
): Pick<MeetingContext, 'titles' | 'mosaicConfigs' | 'layouts' | 'configEventsDuringLoad'> {
  const titles = (base: readonly TitleConfig[]) => (change.titles ? overlay(base, change.titles, byTarget) : base);
  const mosaicConfigs = (base: readonly MosicConfigEntry[]) => (change.mosaicConfigs ? overlay(base, change.mosaicConfigs, byRole) : base);
  const during = context.configEventsDuringLoad;
  return {
    titles: titles(context.titles),
    mosaicConfigs: mosaicConfigs(context.mosaicConfigs),
    layouts: change.layouts ?? context.layouts,
    configEventsDuringLoad: during && {
      titles: titles(during.titles),
      mosaicConfigs: mosaicConfigs(during.mosaicConfigs),
      layouts: change.layouts ?? during.layouts,
    },
  };
}

/** Titles answer `{ titles: [...] }` (podium), a list, or one flat banner (the platform). */
function titleList(value: unknown): TitleConfig[] | undefined {
  if (Array.isArray(value)) return value as TitleConfig[];
  const titles = (value as { titles?: unknown } | null)?.titles;
  if (Array.isArray(titles)) return titles as TitleConfig[];
  const banner = value as Partial<TitleConfig> | null;
  return banner && typeof banner === 'object' && typeof banner.to_role === 'string' ? [banner as TitleConfig] : undefined;
}

/** The call quality of `usrId` stored, its question settled. */
function answered(context: MeetingContext, usrId: string, qa: Record<string, number>): Pick<MeetingContext, 'callQa' | 'callQaAsks'> {
  const { [usrId]: _settled, ...asks } = context.callQaAsks;
  return { callQa: { ...context.callQa, [usrId]: qa }, callQaAsks: asks };
}

export const meetingMachine = setup({
  types: {
    context: {} as MeetingContext,
    events: {} as MeetingEvent,
    input: {} as {
      api?: SessionApi;
      /** the template this login was told before a reload of the page: the server tells it once per login */
      resourceTemplate?: ResourceTemplateInfo | null;
    },
  },
  actors: {
    askCallQa,
    askUserInfos,
    loadConfigs: fromPromise<Configs, { api?: SessionApi }>(async ({ input, signal }) => {
      const api = input.api;
      if (!api) return { skipped: true };
      const [titles, mosaic, layouts] = await Promise.allSettled([
        api.get<unknown>('title-config', signal),
        api.get<{ config_info?: MosicConfigEntry[] }>('mosic-config', signal),
        api.get<{ mosic_group?: MosicGroupEntry[] }>('sys_mosics', signal),
      ]);
      return {
        titles: titles.status === 'fulfilled' ? titleList(titles.value) : undefined,
        mosaicConfigs: mosaic.status === 'fulfilled' ? mosaic.value?.config_info : undefined,
        layouts: layouts.status === 'fulfilled' ? layouts.value?.mosic_group : undefined,
      };
    }),
  },
  actions: {
    loadSnapshot: assign((_, p: { snapshot: MeetingSnapshot }) => ({ status: p.snapshot.status, info: p.snapshot.info })),
    mergeStatus: assign(({ context }, p: { event: OneMrStatusEvent }) => ({
      status: { ...(context.status ?? ({} as MrStatus)), ...fields(p.event) } as MrStatus,
    })),
    mergeInfo: assign(({ context }, p: { event: OneMrInfoEvent }) => ({
      info: { ...(context.info ?? ({} as MrInfo)), ...fields(p.event) } as MrInfo,
    })),
    beginConfigLoad: assign({ configEventsDuringLoad: () => ({ titles: [], mosaicConfigs: [] }) }),
    storeConfigs: assign(({ context }, p: { configs: Configs }) => {
      // what the feed said while the fetch was under way is newer than the fetch: it wins
      const during = context.configEventsDuringLoad ?? { titles: [], mosaicConfigs: [] };
      return {
        titles: p.configs.titles ? overlay(p.configs.titles, during.titles, byTarget) : context.titles,
        mosaicConfigs: p.configs.mosaicConfigs ? overlay(p.configs.mosaicConfigs, during.mosaicConfigs, byRole) : context.mosaicConfigs,
        layouts: during.layouts ?? p.configs.layouts ?? context.layouts,
        configEventsDuringLoad: null,
        configLoad: p.configs.skipped
          ? context.configLoad
          : {
              titles: p.configs.titles ? 'loaded' : 'failed',
              mosaic: p.configs.mosaicConfigs ? 'loaded' : 'failed',
              layouts: p.configs.layouts ? 'loaded' : 'failed',
            },
      };
    }),
    rememberApi: assign((_, p: { api: SessionApi }) => ({ api: p.api })),
    markConfigsLoading: assign({ configLoad: ALL_LOADING }),
    storeSchedule: assign((_, p: { event: ScheduleInfoEvent }) => ({ schedule: fields(p.event) })),
    storeResourceTemplate: assign((_, p: { event: ResourceTmplInfoEvent }) => ({ resourceTemplate: fields(p.event) })),
    // an event may carry only the changed targets or roles: replace those, keep the others
    applyConfigEvent: assign(({ context }, p: Partial<ConfigEvents>) => withConfigEvent(context, p)),
    storeCallQa: assign(({ context }, p: { usrId: string; qa: Record<string, number> }) => answered(context, p.usrId, p.qa)),
    storeUserInfos: assign(({ context }, p: { answer: UserInfosEvent }) => ({ userInfos: withUserInfos(context.userInfos, p.answer) })),
    markCallQaPending: assign(({ context }, p: { usrId: string }) => ({
      callQaAsks: { ...context.callQaAsks, [p.usrId]: { state: 'pending' } as const },
    })),
    markCallQaFailed: assign(({ context }, p: { usrId: string; status: number; result?: number }) => ({
      callQaAsks: {
        ...context.callQaAsks,
        [p.usrId]: {
          state: 'failed',
          status: p.status,
          ...(p.result !== undefined ? { result: p.result } : {}),
        } as const,
      },
    })),
    askUserInfos: enqueueActions(({ context, enqueue }, p: { usrIds: readonly string[] }) => {
      if (!context.api) return;
      for (const usrIds of userInfoBatches(p.usrIds)) enqueue.spawnChild('askUserInfos', { input: { api: context.api, usrIds } });
    }),
  },
}).createMachine({
  id: 'meeting',
  context: ({ input }) => ({
    api: input.api,
    info: null,
    status: null,
    schedule: null,
    resourceTemplate: input.resourceTemplate ?? null,
    titles: [],
    mosaicConfigs: [],
    layouts: [],
    callQa: {},
    callQaAsks: {},
    configLoad: ALL_LOADING,
    userInfos: {},
    configEventsDuringLoad: null,
  }),
  on: {
    'session.api': { actions: { type: 'rememberApi', params: ({ event }) => ({ api: event.api }) } },
    // every full load (the first, and each after a resync or a resume) fetches the configs anew
    'server.meeting_snapshot': {
      target: '.ready',
      reenter: true,
      actions: [{ type: 'loadSnapshot', params: ({ event }) => ({ snapshot: event.snapshot }) }, 'beginConfigLoad'],
    },
    // the operator asks again after a failed read: the same fetch, as after a full load
    'meeting.retryConfigs': {
      guard: ({ context }) => Object.values(context.configLoad).includes('failed'),
      target: '.ready',
      reenter: true,
      actions: ['beginConfigLoad', 'markConfigsLoading'],
    },
    'server.one_mr_status': { actions: { type: 'mergeStatus', params: ({ event }) => ({ event: event.event }) } },
    'server.one_mr_info': { actions: { type: 'mergeInfo', params: ({ event }) => ({ event: event.event }) } },
    'server.schedule_info': { actions: { type: 'storeSchedule', params: ({ event }) => ({ event: event.event }) } },
    'server.resource_tmpl_info': { actions: { type: 'storeResourceTemplate', params: ({ event }) => ({ event: event.event }) } },
    'server.title_config': { actions: { type: 'applyConfigEvent', params: ({ event }) => ({ titles: event.event.titles }) } },
    'server.mosic_config': { actions: { type: 'applyConfigEvent', params: ({ event }) => ({ mosaicConfigs: event.event.config_info }) } },
    'server.sys_mosics': { actions: { type: 'applyConfigEvent', params: ({ event }) => ({ layouts: event.event.mosic_group }) } },
    'server.get_call_qa_rsp': {
      actions: { type: 'storeCallQa', params: ({ event }) => ({ usrId: event.event.usr_id, qa: event.event.qa }) },
    },
    'server.user_infos': { actions: { type: 'storeUserInfos', params: ({ event }) => ({ answer: event.event }) } },
    'meeting.userInfosAnswer': { actions: { type: 'storeUserInfos', params: ({ event }) => ({ answer: event.answer }) } },
    // these users changed: their details are read again (only what the server finds comes back)
    'server.usr_ids': { actions: { type: 'askUserInfos', params: ({ event }) => ({ usrIds: event.event.usr_ids }) } },
    'meeting.askUserInfos': { actions: { type: 'askUserInfos', params: ({ event }) => ({ usrIds: event.usrIds }) } },
    'meeting.askCallQa': {
      guard: ({ context, event }) => !!context.api && event.usrId !== '' && context.callQaAsks[event.usrId]?.state !== 'pending',
      actions: [
        { type: 'markCallQaPending', params: ({ event }) => ({ usrId: event.usrId }) },
        enqueueActions(({ context, event, enqueue }) => {
          enqueue.spawnChild('askCallQa', { input: { api: context.api!, usrId: event.usrId } });
        }),
      ],
    },
    // the reply body carries the answer (a platform may), or the feed brings it (get_call_qa_rsp)
    'meeting.callQaAnswer': {
      guard: ({ event }) => event.answer !== null,
      actions: { type: 'storeCallQa', params: ({ event }) => ({ usrId: event.answer!.usr_id || event.usrId, qa: event.answer!.qa }) },
    },
    'meeting.callQaFailed': {
      actions: {
        type: 'markCallQaFailed',
        params: ({ event }) => ({
          usrId: event.usrId,
          status: event.status,
          ...(event.result !== undefined ? { result: event.result } : {}),
        }),
      },
    },
  },
  initial: 'loading',
  states: {
    loading: {},
    ready: {
      invoke: {
        src: 'loadConfigs',
        input: ({ context }) => ({ api: context.api }),
        onDone: { actions: { type: 'storeConfigs', params: ({ event }) => ({ configs: event.output }) } },
      },
    },
  },
});

export type MeetingMachine = typeof meetingMachine;
