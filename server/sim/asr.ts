/**
 * Simulated audio-to-text (spec §5, §9: "recognizes at most the two loudest audio channels").
 *
 * Every endpoint has an audio level: 0 while it is silent (not talking, muted at the MCU, its own
 * microphone off, or waiting), else a figure that drifts second by second with a phase of its own,
 * so among several talkers the loudest change now and then. While the meeting's audio-to-text is
 * on, the recogniser hears only the {@link RECOGNISED_CHANNELS} loudest talkers and makes each of
 * them say a short Chinese or English line at most every {@link LINE_EVERY_MS}; the line is kept
 * in the meeting's transcript (server/engine/transcript.ts) and goes to the controllers as an
 * `asr_text` event on the long poll.
 */
import type { TranscriptLine } from '../../protocol/wire';
import { hash32 } from '../engine/rng';
import { POS, type Endpoint, type Room } from '../engine/room';
import type { TranscriptLog } from '../engine/transcript';

/** audio channels the recogniser hears at once (spec §5, §9) */
export const RECOGNISED_CHANNELS = 2;
/** a recognised talker says a line at most this often */
export const LINE_EVERY_MS = 2000;

const ZH_LINES = [
  '大家好，我们现在开始开会。',
  '请各分会场确认一下声音是否清楚。',
  '上个季度的销售额增长了百分之十二。',
  '这个问题我们会后再单独讨论。',
  '下面请深圳分会场汇报一下进度。',
  '我同意这个方案，可以先试行一个月。',
  '请大家把意见发到群里。',
  '时间关系，我们进入下一个议题。',
  '设备已经到位，下周开始安装。',
  '谢谢大家，今天的会议就到这里。',
];
const EN_LINES = [
  'Good morning everyone, can you hear me?',
  'Let me share the numbers from last quarter.',
  'We are on track for the launch next month.',
  'Could the Shanghai office give us an update?',
  'I agree, let us try it for one month first.',
  'Please send your comments after the meeting.',
  'The new equipment arrives next week.',
  'We will come back to this point later.',
  'Any questions before we move on?',
  'Thank you all, that is it for today.',
];

function wave(seed: number, t: number, period: number): number {
  const phase = ((seed % 991) / 991) * Math.PI * 2;
  return Math.sin((t / period) * Math.PI * 2 + phase);
}

/** Whether the MCU hears this endpoint talk right now. */
export function isAudible(ep: Endpoint): boolean {
  return ep.flags[POS.vad] === 1 && ep.flags[POS.a_rx] === 1 && ep.flags[POS.mic] === 0 && ep.flags[POS.waiting] === 0;
}

/** The endpoint's audio level at second `nowSecs`, 0–100 (0 = silent). */
export function audioLevel(ep: Endpoint, nowSecs: number): number {
  if (!isAudible(ep)) return 0;
  const drift = 0.6 * wave(ep.mediaSeed, nowSecs, 11) + 0.4 * wave(ep.mediaSeed * 7 + 3, nowSecs, 5);
  return Math.max(1, Math.round(60 + 35 * drift));
}

/** The loudest audible endpoints at `nowSecs`, loudest first (ties by usr_id), at most `count`. */
export function loudestTalkers(endpoints: Iterable<Endpoint>, nowSecs: number, count = RECOGNISED_CHANNELS): Endpoint[] {
  const heard: { ep: Endpoint; level: number }[] = [];
  for (const ep of endpoints) {
    const level = audioLevel(ep, nowSecs);
    if (level > 0) heard.push({ ep, level });
  }
  heard.sort((a, b) => b.level - a.level || (a.ep.usrId < b.ep.usrId ? -1 : a.ep.usrId > b.ep.usrId ? 1 : 0));
  return heard.slice(0, count).map((h) => h.ep);
}

/** The language a talker speaks: fixed per person, about half Chinese and half English. */
export function talkerLang(usrId: string): 'zh' | 'en' {
  return hash32(`lang:${usrId}`) % 2 === 0 ? 'zh' : 'en';
}

export class SimulatedRecogniser {
  /** per room: ms of each talker's last line, and how many lines each has said */
  private readonly lastLine = new Map<string, Map<string, { at: number; said: number }>>();

  constructor(
    private readonly transcript: TranscriptLog,
    /** Unix seconds of the engine's clock */
    private readonly nowSecs: () => number,
  ) {}

  /** One tick of a running room: the loudest talkers say their lines while audio-to-text is on. Returns the lines made. */
  tick(room: Room, nowMs: number): TranscriptLine[] {
    if (!room.record.running || room.status.asr_enabled !== 1) return [];
    const secs = this.nowSecs();
    let last = this.lastLine.get(room.mrId);
    if (!last) this.lastLine.set(room.mrId, (last = new Map()));
    const out: TranscriptLine[] = [];
    for (const ep of loudestTalkers(room.endpoints.values(), secs)) {
      const before = last.get(ep.usrId);
      if (before && nowMs - before.at < LINE_EVERY_MS) continue;
      const said = (before?.said ?? hash32(ep.usrId) % 10) + 1;
      last.set(ep.usrId, { at: nowMs, said });
      const lang = talkerLang(ep.usrId);
      const lines = lang === 'zh' ? ZH_LINES : EN_LINES;
      const line = this.transcript.append(room.mrId, room.record.meetingNo, {
        dtm: secs,
        usr_id: ep.usrId,
        name: ep.name,
        lang,
        text: lines[said % lines.length],
      });
      room.emit({ cmdid: 'asr_text', line });
      out.push(line);
    }
    return out;
  }
}
