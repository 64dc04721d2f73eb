/**
 * The live transcript (issue 30; spec §5, §9: audio-to-text recognises at most the two loudest
 * audio channels). The server's recogniser sends each line it heard as an `asr_text` event; this
 * actor keeps them for the panel and the meeting report:
 *
 * - on the first full load (`server.snapshot`, again after a resync) the lines the meeting kept so
 *   far are read (`GET transcript`, page by page) and merged with the live ones by id;
 * - a server that answers that path 404 or 405 has no audio-to-text: `unavailable`;
 * - bounded: at most {@link TRANSCRIPT_KEPT} lines (a four-hour meeting keeps its last hours);
 * - `paused`: the shown lines stand still so a host can read or pick one, new lines are held
 *   (counted) and join on resume; `followTail` says whether the view keeps to the newest line;
 * - `captions`: every new line also goes out as the meeting's subtitle; one line can be sent
 *   on its own with `transcript.toSubtitle`. Both send the subtitle dialog's command
 *   (`set_title` per role, target `all`) through the commands actor.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import type { SessionApi, SessionApiChangedEvent } from '../api';
import { decodeTranscriptPage } from '../../protocol/decode';
import { isApiError } from '../../protocol/errors';
import type { AsrTextEvent } from '../../protocol/events';
import type { TitleConfig, TranscriptLine } from '../../protocol/wire';
import { enqueueCommand, titleSteps } from '../commands/requests';

/** lines kept in the console (as many as the server keeps per meeting) */
export const TRANSCRIPT_KEPT = 3000;
/** lines asked for per page of the kept transcript */
export const TRANSCRIPT_PAGE_SIZE = 1000;
/** characters a subtitle may have (the server refuses longer, spec §3) */
export const SUBTITLE_MAX_CHARS = 256;

export interface TranscriptInput {
  api: SessionApi;
  /** the banner the subtitle dialog shows for the target `all` now (its look is kept, only the text changes) */
  bannerBase: () => TitleConfig;
}

export interface TranscriptContext {
  api: SessionApi;
  bannerBase: () => TitleConfig;
  /** oldest first, ids increasing, at most {@link TRANSCRIPT_KEPT} */
  lines: readonly TranscriptLine[];
  /** lines that came while paused, oldest first */
  held: readonly TranscriptLine[];
  paused: boolean;
  followTail: boolean;
  captions: boolean;
  /** lines dropped from the front to stay within the bound */
  dropped: number;
  loadFailed: boolean;
  /** id of the last line sent out as the subtitle, 0 for none */
  lastSubtitleId: number;
}

export type TranscriptEvent =
  | SessionApiChangedEvent
  | { type: 'server.snapshot' }
  | { type: 'server.asr_text'; event: AsrTextEvent }
  | { type: 'transcript.pause' }
  | { type: 'transcript.resume' }
  | { type: 'transcript.followTail'; on: boolean }
  | { type: 'transcript.captions'; on: boolean }
  | { type: 'transcript.toSubtitle'; id: number }
  | { type: 'transcript.retry' };

/**
 * `current` with `added` merged by id, oldest first, at most {@link TRANSCRIPT_KEPT}; how many
 * fell off the front. The usual case (one newer line) costs one copy.
 */
export function mergeLines(
  current: readonly TranscriptLine[],
  added: readonly TranscriptLine[],
): { lines: TranscriptLine[]; dropped: number } {
  let lines: TranscriptLine[];
  const last = current[current.length - 1]?.id ?? 0;
  if (added.every((l, i) => l.id > (i === 0 ? last : added[i - 1].id))) lines = [...current, ...added];
  else {
    const byId = new Map<number, TranscriptLine>();
    for (const l of current) byId.set(l.id, l);
    for (const l of added) byId.set(l.id, l);
    lines = [...byId.values()].sort((a, b) => a.id - b.id);
  }
  const dropped = Math.max(0, lines.length - TRANSCRIPT_KEPT);
  return { lines: dropped ? lines.slice(dropped) : lines, dropped };
}

/** The subtitle a line becomes: "Name: text" on one line, cut to what the server accepts. */
export function subtitleText(line: TranscriptLine): string {
  const text = `${line.name || line.usr_id}: ${line.text}`.replace(/[\t\r\n]+/g, ' ');
  const chars = [...text];
  return chars.length <= SUBTITLE_MAX_CHARS ? text : `${chars.slice(0, SUBTITLE_MAX_CHARS - 1).join('')}…`;
}

/** The banner of the target `all` with `line` as its text, shown. */
export function subtitleOf(base: TitleConfig, line: TranscriptLine): TitleConfig {
  return { ...base, to_role: 'all', message: subtitleText(line), has_title: 1 };
}

const notOffered = (error: unknown) => isApiError(error) && (error.status === 404 || error.status === 405);

/** Every kept line, page after page (at most {@link TRANSCRIPT_KEPT}, the newest if more). */
const loadKept = fromPromise<TranscriptLine[], { api: SessionApi }>(async ({ input, signal }) => {
  const out: TranscriptLine[] = [];
  let after = 0;
  for (;;) {
    const page = decodeTranscriptPage(await input.api.get<unknown>(`transcript?after=${after}&limit=${TRANSCRIPT_PAGE_SIZE}`, signal));
    out.push(...page.lines);
    if (out.length > TRANSCRIPT_KEPT) out.splice(0, out.length - TRANSCRIPT_KEPT);
    if (page.next_after === undefined || page.lines.length === 0) return out;
    after = page.next_after;
  }
});

export const transcriptMachine = setup({
  types: {
    context: {} as TranscriptContext,
    events: {} as TranscriptEvent,
    input: {} as TranscriptInput,
  },
  actors: { loadKept },
  actions: {
    addLines: enqueueActions(({ context, enqueue, system }, p: { lines: readonly TranscriptLine[]; live: boolean }) => {
      if (context.paused) {
        enqueue.assign({ held: mergeLines(context.held, p.lines).lines });
      } else {
        const merged = mergeLines(context.lines, p.lines);
        enqueue.assign({ lines: merged.lines, dropped: context.dropped + merged.dropped });
      }
      // live captions: the newest line heard goes out (one per batch, never an old one again)
      const newest = p.lines[p.lines.length - 1];
      if (p.live && context.captions && newest && newest.id > context.lastSubtitleId) {
        for (const step of titleSteps(subtitleOf(context.bannerBase(), newest))) {
          enqueueCommand(enqueue, system, {
            type: 'command.send',
            suffix: step.suffix,
            body: step.body as Record<string, unknown>,
            label: 'transcript.captions',
          });
        }
        enqueue.assign({ lastSubtitleId: newest.id });
      }
    }),
    sendLine: enqueueActions(({ context, enqueue, system }, p: { id: number }) => {
      const line = context.lines.find((l) => l.id === p.id) ?? context.held.find((l) => l.id === p.id);
      if (!line) return;
      for (const step of titleSteps(subtitleOf(context.bannerBase(), line))) {
        enqueueCommand(enqueue, system, {
          type: 'command.send',
          suffix: step.suffix,
          body: step.body as Record<string, unknown>,
          label: 'transcript.toSubtitle',
        });
      }
      enqueue.assign({ lastSubtitleId: Math.max(context.lastSubtitleId, line.id) });
    }),
    resume: assign(({ context }) => {
      const merged = mergeLines(context.lines, context.held);
      return { paused: false, held: [], lines: merged.lines, dropped: context.dropped + merged.dropped, followTail: true };
    }),
    useApi: assign({ api: (_, p: { api: SessionApi }) => p.api }),
    /** reading back stops the scroll at the line being read: new lines wait in `held` */
    pause: assign({ paused: true, followTail: false }),
    setFollowTail: assign({ followTail: (_, p: { on: boolean }) => p.on }),
    setCaptions: assign({ captions: (_, p: { on: boolean }) => p.on }),
    markLoaded: assign({ loadFailed: false }),
    markLoadFailed: assign({ loadFailed: true }),
  },
  guards: {
    notOffered: (_, p: { error: unknown }) => notOffered(p.error),
  },
}).createMachine({
  id: 'transcript',
  context: ({ input }) => ({
    api: input.api,
    bannerBase: input.bannerBase,
    lines: [],
    held: [],
    paused: false,
    followTail: true,
    captions: false,
    dropped: 0,
    loadFailed: false,
    lastSubtitleId: 0,
  }),
  on: {
    'session.api': { actions: { type: 'useApi', params: ({ event }) => ({ api: event.api }) } },
    'server.asr_text': { actions: { type: 'addLines', params: ({ event }) => ({ lines: [event.event.line], live: true }) } },
    'transcript.pause': { actions: 'pause' },
    'transcript.resume': { actions: 'resume' },
    'transcript.followTail': { actions: { type: 'setFollowTail', params: ({ event }) => ({ on: event.on }) } },
    'transcript.captions': { actions: { type: 'setCaptions', params: ({ event }) => ({ on: event.on }) } },
    'transcript.toSubtitle': { actions: { type: 'sendLine', params: ({ event }) => ({ id: event.id }) } },
  },
  initial: 'awaitingFeed',
  states: {
    awaitingFeed: {
      on: { 'server.snapshot': 'loading' },
    },
    loading: {
      invoke: {
        src: 'loadKept',
        input: ({ context }) => ({ api: context.api }),
        onDone: {
          target: 'live',
          actions: [{ type: 'addLines', params: ({ event }) => ({ lines: event.output, live: false }) }, 'markLoaded'],
        },
        onError: [
          { guard: { type: 'notOffered', params: ({ event }) => ({ error: event.error }) }, target: 'unavailable' },
          { target: 'live', actions: 'markLoadFailed' },
        ],
      },
    },
    live: {
      on: {
        // after a resync the feed may have skipped lines: the kept transcript fills them in
        'server.snapshot': 'loading',
        'transcript.retry': { guard: ({ context }) => context.loadFailed, target: 'loading' },
      },
    },
    /** the server has no audio-to-text (the platform without the assumed group) */
    unavailable: {},
  },
});

export type TranscriptMachine = typeof transcriptMachine;
