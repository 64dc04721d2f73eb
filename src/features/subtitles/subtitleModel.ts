/**
 * The subtitle (title) settings as the dialog edits them: spec §3 defaults, colour conversions
 * between the wire's 24-bit integers and CSS, and where the preview draws the text on a
 * 1920×1080 frame. Pure functions so the preview and the request are computed the same way.
 */
import type { SubtitlePosition, TitleConfig, TitleTarget } from '@protocol/wire';
import { TITLE_TARGETS, defaultTitle } from '@protocol/titles';

export { TITLE_TARGETS, defaultTitle };

/** The frame the platform composes subtitles on; the preview draws at 1:1 on it. */
export const FRAME_WIDTH = 1920;
export const FRAME_HEIGHT = 1080;

/** The server's title for `target` filled up with defaults for what it leaves out. */
export function titleFor(target: TitleTarget, titles: readonly Partial<TitleConfig>[] | undefined): TitleConfig {
  const found = titles?.find((t) => t.to_role === target);
  return { ...defaultTitle(target), ...(found ?? {}), to_role: target };
}

/** `0xRRGGBB` as a decimal integer → `#rrggbb`. Out-of-range values are clamped to 24 bits. */
export function intToHex(value: number): string {
  const v = Math.max(0, Math.min(0xffffff, Math.trunc(Number.isFinite(value) ? value : 0)));
  return `#${v.toString(16).padStart(6, '0')}`;
}

/** `#rrggbb` (or `#rgb`) → decimal integer; undefined when not a colour. */
export function hexToInt(hex: string): number | undefined {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return undefined;
  const digits = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return parseInt(digits, 16);
}

const H_POSITIONS: SubtitlePosition['horizontal_position'][] = ['left', 'center', 'right'];
const V_POSITIONS: SubtitlePosition['vertical_position'][] = ['top', 'middle', 'bottom'];

/** The meeting-wide position request (`mod-subtitle-position`) matching a title's alignment. */
export function positionOf(title: TitleConfig): SubtitlePosition {
  return {
    horizontal_position: H_POSITIONS[title.h_align] ?? 'center',
    vertical_position: V_POSITIONS[title.v_align] ?? 'bottom',
    horizontal_margin: title.h_margin,
    vertical_margin: title.v_margin,
  };
}

/** The alignment fields of a title from a meeting-wide position. */
export function alignFromPosition(position: SubtitlePosition): Pick<TitleConfig, 'h_align' | 'v_align' | 'h_margin' | 'v_margin'> {
  return {
    h_align: Math.max(0, H_POSITIONS.indexOf(position.horizontal_position)),
    v_align: Math.max(0, V_POSITIONS.indexOf(position.vertical_position)),
    h_margin: position.horizontal_margin,
    v_margin: position.vertical_margin,
  };
}

/**
 * Where the text box sits on the 1920×1080 frame, as CSS in frame pixels. Margins are percent of
 * the frame (10 = a tenth of the width or height), so a margin means the same on any output size.
 */
export function placement(title: TitleConfig): {
  left?: number;
  right?: number;
  top?: number;
  bottom?: number;
  textAlign: 'left' | 'center' | 'right';
  translateX: string;
  translateY: string;
} {
  const hMargin = (FRAME_WIDTH * clamp(title.h_margin, 0, 50)) / 100;
  const vMargin = (FRAME_HEIGHT * clamp(title.v_margin, 0, 50)) / 100;
  const horizontal =
    title.h_align === 0
      ? { left: hMargin, textAlign: 'left' as const, translateX: '0' }
      : title.h_align === 2
        ? { right: hMargin, textAlign: 'right' as const, translateX: '0' }
        : { left: FRAME_WIDTH / 2, textAlign: 'center' as const, translateX: '-50%' };
  const vertical =
    title.v_align === 0
      ? { top: vMargin, translateY: '0' }
      : title.v_align === 1
        ? { top: FRAME_HEIGHT / 2, translateY: '-50%' }
        : { bottom: vMargin, translateY: '0' };
  return { ...horizontal, ...vertical };
}

/** Transparency as the dialog shows it (0 opaque … 100 invisible) from the wire's `bg_alpha` (opacity). */
export function transparencyOf(bgAlpha: number): number {
  return 100 - clamp(bgAlpha, 0, 100);
}

/** The wire's `bg_alpha` (opacity 0–100) from the dialog's transparency. */
export function bgAlphaOf(transparency: number): number {
  return 100 - clamp(transparency, 0, 100);
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, Number.isFinite(v) ? v : lo));
}

/** Longest subtitle the platform shows, in UTF-8 bytes (protocol-facts §5.7). */
export const SUBTITLE_MAX_BYTES = 60;

export type SubtitleProblem = 'empty' | 'tooLong' | 'controlCharacters';

/**
 * What is wrong with a subtitle text, if anything: shown titles need text, at most
 * {@link SUBTITLE_MAX_BYTES} UTF-8 bytes, and no tab or line breaks (the platform draws one line).
 */
export function subtitleProblem(message: string, shown: boolean): SubtitleProblem | undefined {
  if (/[\t\r\n]/.test(message)) return 'controlCharacters';
  if (new TextEncoder().encode(message).length > SUBTITLE_MAX_BYTES) return 'tooLong';
  if (shown && message.trim().length === 0) return 'empty';
  return undefined;
}
