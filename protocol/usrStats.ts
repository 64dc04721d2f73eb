/**
 * `usr_stats` flag strings (protocol-facts §4.1): one decimal digit per position.
 * Position 16 = '1' means the endpoint is in the waiting room (spec §3, architecture §5).
 * When the server sends `stats_desc`, positions are looked up by those names instead.
 */
export const USR_STATS_POSITIONS = [
  'a_rx', // 0 MCU receives the endpoint's audio (1 = not muted by the MCU)
  'v_rx', // 1 MCU receives the endpoint's video
  'a_tx', // 2 audio sent to the endpoint (it may listen)
  'v_tx', // 3 video sent to the endpoint (it may watch)
  'vad', // 4 talking
  'chair', // 5 honoured guest (the client calls this position `guest`, labelled 嘉宾)
  'speaker', // 6 main venue
  'cont_sender', // 7 sending content
  'cont_allowed', // 8 allowed to send content
  'mic', // 9 local microphone: 0 normal, 1 muted
  'camera', // 10 camera: 0 normal, 1 off
  'video', // 11 receiving video: 0 normal, 1 not
  'mic_gain', // 12 microphone gain digit
  'hand', // 13 hand raised
  'host', // 14 host
  'cont_req', // 15 (podium) requests to share content
  'waiting', // 16 in the waiting room
  'focus', // 17 (podium) in focus
] as const;

export type UsrStatsName = (typeof USR_STATS_POSITIONS)[number];
export type UsrStatsFlags = Record<UsrStatsName, number>;

const defaultIndex: Record<string, number> = Object.fromEntries(USR_STATS_POSITIONS.map((n, i) => [n, i]));

/**
 * Decodes a flag string. `statsDesc` (the server's names per position) wins over the defaults.
 * @example decodeUsrStats('1111000000000100')...hand === 1
 */
export function decodeUsrStats(stats: string, statsDesc?: readonly string[]): UsrStatsFlags {
  const out = {} as UsrStatsFlags;
  for (const name of USR_STATS_POSITIONS) {
    let pos = defaultIndex[name];
    if (statsDesc && statsDesc.length) {
      const i = statsDesc.indexOf(name);
      if (i >= 0) pos = i;
    }
    const c = stats.charCodeAt(pos);
    out[name] = c >= 48 && c <= 57 ? c - 48 : 0;
  }
  return out;
}

/** Encodes flags back into a string of `USR_STATS_POSITIONS.length` digits. */
export function encodeUsrStats(flags: Partial<UsrStatsFlags>): string {
  let s = '';
  for (const name of USR_STATS_POSITIONS) s += String(Math.max(0, Math.min(9, flags[name] ?? 0)));
  return s;
}

/** Reads one flag by name without decoding the rest (hot path for 10,000 participants). */
export function usrStat(stats: string, name: UsrStatsName): number {
  const c = stats.charCodeAt(defaultIndex[name]);
  return c >= 48 && c <= 57 ? c - 48 : 0;
}

/** Position 16 = '1': the endpoint waits in the waiting room. */
export function isWaiting(stats: string): boolean {
  return stats.charCodeAt(16) === 49;
}
