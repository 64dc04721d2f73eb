/**
 * The resource template's cap on a layout's panes (`resource_tmpl_info`, issue 30): the main
 * venue, honoured guest and audience each have their own maximum (max_spk_mosic,
 * max_chair_mosic, max_guest_mosic), a customized layout the template's overall max_mosic. 0 or
 * a missing template means no cap is known: every layout is offered.
 */
import type { MosaicRole } from './mosaicModel';

/** What the dialog needs of the template. */
export interface PaneLimitSource {
  name: string;
  max_mosic: number;
  max_spk_mosic: number;
  max_chair_mosic: number;
  max_guest_mosic: number;
}

/**
 * The most panes a layout of `role` may have, or undefined when uncapped.
 * @example paneLimitOf({ name: 't', max_mosic: 9, max_spk_mosic: 4, max_chair_mosic: 0, max_guest_mosic: 9 }, 'speaker') // 4
 */
export function paneLimitOf(template: PaneLimitSource | null | undefined, role: MosaicRole): number | undefined {
  if (!template) return undefined;
  const byRole = {
    speaker: template.max_spk_mosic,
    chair: template.max_chair_mosic,
    guest: template.max_guest_mosic,
    custom: template.max_mosic,
  }[role];
  // a role without its own cap falls back to the template's overall one
  const max = byRole > 0 ? byRole : template.max_mosic;
  return max > 0 ? max : undefined;
}

/** Whether a layout of `panes` panes is over the cap. The automatic layout (one cell) never is. */
export const overLimit = (panes: number, limit: number | undefined): boolean => limit !== undefined && panes > limit;
