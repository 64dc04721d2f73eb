/**
 * Immediate versus scheduled meeting (spec §4 "Meeting modes"; issue 30). The reference server
 * says it as `mr_kind`; the platform's own field is `mr_mode` (facts §5, `one_mr_info`), read as
 * 1 = scheduled, 0 = immediate, the way the reference server writes it in platform mode. Anything
 * else: not known, nothing is shown.
 */
import type { MrInfo } from '@protocol/wire';

export type MeetingKind = 'immediate' | 'scheduled';

/**
 * @example meetingKindOf({ mr_kind: 'scheduled' }) // 'scheduled'
 * @example meetingKindOf({ mr_mode: 0 }) // 'immediate'
 */
export function meetingKindOf(info: Partial<Pick<MrInfo, 'mr_kind' | 'mr_mode'>> | null | undefined): MeetingKind | undefined {
  if (!info) return undefined;
  if (info.mr_kind === 'immediate' || info.mr_kind === 'scheduled') return info.mr_kind;
  if (info.mr_mode === 1) return 'scheduled';
  if (info.mr_mode === 0) return 'immediate';
  return undefined;
}
