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
 * its role or target; the fetch fills the rest. A failed fetch keeps what the feed gave.
 */
import { assign, fromPromise, setup } from 'xstate';
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
} from '../../protocol/events';
import type { MosicConfigEntry, MosicGroupEntry, MrInfo, MrStatus, TitleConfig } from '../../protocol/wire';
import type { MeetingSnapshot } from '../longPoll/longPollMachine';

export type ScheduleInfo = Omit<ScheduleInfoEvent, 'cmdid' | 'seq'>;
export type ResourceTemplateInfo = Omit<ResourceTmplInfoEvent, 'cmdid' | 'seq'>;

export interface UserInfo {
  usr_id: string;
  nick_name: string;
  usr_type: number;
  phone_no: string;
}

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
  | { type: 'server.user_infos'; event: UserInfosEvent };

interface Configs {
  titles?: TitleConfig[];
  mosaicConfigs?: MosicConfigEntry[];
  layouts?: MosicGroupEntry[];
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
function withConfigEvent(context: MeetingContext, change: Partial<ConfigEvents>): Pick<MeetingContext, 'titles' | 'mosaicConfigs' | 'layouts' | 'configEventsDuringLoad'> {
  const titles = (base: readonly TitleConfig[]) => (change.titles ? overlay(base, change.titles, byTarget) : base);
  const mosaicConfigs = (base: readonly MosicConfigEntry[]) => (change.mosaicConfigs ? overlay(base, change.mosaicConfigs, byRole) : base);
  const during = context.configEventsDuringLoad;
  return {
    titles: titles(context.titles),
    mosaicConfigs: mosaicConfigs(context.mosaicConfigs),
    layouts: change.layouts ?? context.layouts,
    configEventsDuringLoad: during && { titles: titles(during.titles), mosaicConfigs: mosaicConfigs(during.mosaicConfigs), layouts: change.layouts ?? during.layouts },
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

export const meetingMachine = setup({
  types: {
    context: {} as MeetingContext,
    events: {} as MeetingEvent,
    input: {} as { api?: SessionApi },
  },
  actors: {
    loadConfigs: fromPromise<Configs, { api?: SessionApi }>(async ({ input, signal }) => {
      const api = input.api;
      if (!api) return {};
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
      };
    }),
  },
}).createMachine({
  id: 'meeting',
  context: ({ input }) => ({
    api: input.api,
    info: null,
    status: null,
    schedule: null,
    resourceTemplate: null,
    titles: [],
    mosaicConfigs: [],
    layouts: [],
    callQa: {},
    userInfos: {},
    configEventsDuringLoad: null,
  }),
  on: {
    'session.api': { actions: assign({ api: ({ event }) => event.api }) },
    // every full load (the first, and each after a resync or a resume) fetches the configs anew
    'server.meeting_snapshot': {
      target: '.ready',
      reenter: true,
      actions: [{ type: 'loadSnapshot', params: ({ event }) => ({ snapshot: event.snapshot }) }, 'beginConfigLoad'],
    },
    'server.one_mr_status': { actions: { type: 'mergeStatus', params: ({ event }) => ({ event: event.event }) } },
    'server.one_mr_info': { actions: { type: 'mergeInfo', params: ({ event }) => ({ event: event.event }) } },
    'server.schedule_info': { actions: assign({ schedule: ({ event }) => fields(event.event) }) },
    'server.resource_tmpl_info': { actions: assign({ resourceTemplate: ({ event }) => fields(event.event) }) },
    // an event may carry only the changed targets or roles: replace those, keep the others
    'server.title_config': { actions: assign(({ context, event }) => withConfigEvent(context, { titles: event.event.titles })) },
    'server.mosic_config': { actions: assign(({ context, event }) => withConfigEvent(context, { mosaicConfigs: event.event.config_info })) },
    'server.sys_mosics': { actions: assign(({ context, event }) => withConfigEvent(context, { layouts: event.event.mosic_group })) },
    'server.get_call_qa_rsp': {
      actions: assign({ callQa: ({ context, event }) => ({ ...context.callQa, [event.event.usr_id]: event.event.qa }) }),
    },
    'server.user_infos': {
      actions: assign({
        userInfos: ({ context, event }) => {
          const e = event.event;
          const next = { ...context.userInfos };
          e.usr_ids.forEach((id, i) => {
            next[id] = { usr_id: id, nick_name: e.nick_names[i] ?? '', usr_type: e.usr_types[i] ?? 0, phone_no: e.phone_nos[i] ?? '' };
          });
          return next;
        },
      }),
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
