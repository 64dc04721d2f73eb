/**
 * What each supervisor option does to the media (spec §2 "Supervisor options", §3 "Supervisor
 * config"), decided once here so the components only follow the plan:
 * - preview: a preview of one participant (the chosen one, else the main venue); off, nothing
 *   is leased, so its tracks stop;
 * - new window: that preview shows in the /layout pop-up instead of the panel;
 * - hide video: tiles show name placeholders and lease no video (the layout window's panes too:
 *   the option saves this browser's CPU and bandwidth wherever it shows video);
 * - names and signal: name and signal overlays, the signal polled only while shown;
 * - picture-in-picture for dual streams: while someone presents, the content with the speaker
 *   inset and the browser's picture-in-picture offered; without it, content and speaker side by
 *   side;
 * - play meeting sound (control window) and playAudio (layout window): the meeting sound plays;
 * - showName, showTalk, showContent: the layout window's panes show names, mark the talking
 *   participant, show content at all.
 */
import type { SupervisorOptions } from './supervisorOptions';

export type DualView = 'single' | 'side-by-side' | 'inset';

export interface PreviewPlan {
  /** a preview shows in this window */
  show: boolean;
  /** tiles lease video (false: name placeholders, no tracks) */
  video: boolean;
  /** name and signal overlays (and signal polling) */
  overlays: boolean;
  /** how the content share and the speaker are arranged */
  dual: DualView;
  /** the browser picture-in-picture button is offered */
  pipButton: boolean;
}

export interface SupervisorMediaPlan {
  /** the preview inside the supervisor panel */
  inline: PreviewPlan;
  /** the preview goes to the /layout pop-up (sent with the presentation data) */
  previewInWindow: boolean;
  /** the control window plays the meeting sound */
  meetingSound: boolean;
}

function previewPlan(o: SupervisorOptions, show: boolean, presenting: boolean): PreviewPlan {
  const dual: DualView = !presenting ? 'single' : o.pipDualStream ? 'inset' : 'side-by-side';
  return {
    show,
    video: show && !o.hideVideo,
    overlays: show && o.showNamesAndSignal,
    dual,
    pipButton: show && o.pipDualStream && !o.hideVideo,
  };
}

/** The control window's plan; `presenting` when someone shares content. */
export function supervisorMediaPlan(o: SupervisorOptions, presenting: boolean): SupervisorMediaPlan {
  return {
    inline: previewPlan(o, o.preview && !o.newWindow, presenting),
    previewInWindow: o.preview && o.newWindow,
    meetingSound: o.playMeetingSound,
  };
}

export interface LayoutMediaPlan {
  /** the preview the control window sent, when it asked for one */
  preview: PreviewPlan;
  /** the panes lease video (hide video: name placeholders, as in the control window) */
  video: boolean;
  /** names on the panes */
  names: boolean;
  /** the talking participant's pane is highlighted */
  talk: boolean;
  /** the layout window plays the meeting sound */
  audio: boolean;
}

/** The /layout window's plan; `previewRequested` when the opener sent a preview. */
export function layoutMediaPlan(o: SupervisorOptions, previewRequested: boolean, presenting: boolean): LayoutMediaPlan {
  return {
    preview: previewPlan(o, previewRequested && o.preview, presenting),
    video: !o.hideVideo,
    names: o.showName,
    talk: o.showTalk,
    audio: o.playAudio,
  };
}
