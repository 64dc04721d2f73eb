/**
 * Title (subtitle/banner) configuration per target with the defaults of spec §3, shared by the
 * server (what it stores before anyone sets a title) and the console (what the dialog shows for
 * what the server leaves out).
 */
import type { SubtitlePosition, TitleConfig, TitleTarget } from './wire';

/**
 * Largest `set_title.speed`: the platform's clients write a temporary message's duration in
 * seconds there (10, 60…; real-client-findings §5), so values above 100 occur; one day at most.
 */
export const TITLE_SPEED_MAX = 86_400;

/** Every target a title is configured for (spec §3). */
export const TITLE_TARGETS: readonly TitleTarget[] = ['all', 'guest', 'chair', 'speaker', 'waiting_room_usr'];

/**
 * The spec §3 defaults for one target: the message is empty and the title off until set.
 * @example defaultTitle('guest').font_size === 36
 */
export function defaultTitle(to_role: TitleTarget): TitleConfig {
  return {
    to_role,
    message: '',
    has_title: 0,
    font_size: 36,
    font_color: 16777215,
    bg_color: 0,
    bg_alpha: 0,
    font_name: 'san',
    speed: 20,
    y_pos: 80,
    h_align: 1,
    v_align: 2,
    h_margin: 10,
    v_margin: 10,
    style: 0,
    shadow: 0,
  };
}

export function defaultTitles(): TitleConfig[] {
  return TITLE_TARGETS.map(defaultTitle);
}

export function defaultSubtitlePosition(): SubtitlePosition {
  return { horizontal_position: 'center', vertical_position: 'bottom', horizontal_margin: 10, vertical_margin: 10 };
}
