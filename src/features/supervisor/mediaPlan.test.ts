import { describe, expect, it } from 'vitest';
import { DEFAULT_SUPERVISOR_OPTIONS, type SupervisorOptions } from './supervisorOptions';
import { layoutMediaPlan, supervisorMediaPlan } from './mediaPlan';

const opts = (patch: Partial<SupervisorOptions> = {}): SupervisorOptions => ({ ...DEFAULT_SUPERVISOR_OPTIONS, ...patch });

describe('supervisor media plan', () => {
  it('shows the preview inline by default, with video and overlays, and no sound', () => {
    expect(supervisorMediaPlan(opts(), false)).toEqual({
      inline: { show: true, video: true, overlays: true, dual: 'single', pipButton: false },
      previewInWindow: false,
      meetingSound: false,
    });
  });

  it('preview off leases nothing and shows nothing, here or in the window', () => {
    const plan = supervisorMediaPlan(opts({ preview: false, newWindow: true }), true);
    expect(plan.inline).toMatchObject({ show: false, video: false, overlays: false, pipButton: false });
    expect(plan.previewInWindow).toBe(false);
  });

  it('new window moves the preview to the layout window', () => {
    const plan = supervisorMediaPlan(opts({ newWindow: true }), false);
    expect(plan.inline.show).toBe(false);
    expect(plan.previewInWindow).toBe(true);
  });

  it('hide video keeps the tiles but leases no video, and offers no picture-in-picture', () => {
    const plan = supervisorMediaPlan(opts({ hideVideo: true, pipDualStream: true }), true);
    expect(plan.inline).toMatchObject({ show: true, video: false, pipButton: false });
  });

  it('names and signal off drops the overlays (and the polling)', () => {
    expect(supervisorMediaPlan(opts({ showNamesAndSignal: false }), false).inline.overlays).toBe(false);
  });

  it('arranges dual streams inset with picture-in-picture, side by side without', () => {
    expect(supervisorMediaPlan(opts({ pipDualStream: true }), true).inline).toMatchObject({ dual: 'inset', pipButton: true });
    expect(supervisorMediaPlan(opts({ pipDualStream: false }), true).inline.dual).toBe('side-by-side');
    expect(supervisorMediaPlan(opts({ pipDualStream: true }), false).inline).toMatchObject({ dual: 'single', pipButton: true });
  });

  it('plays the meeting sound only when asked', () => {
    expect(supervisorMediaPlan(opts({ playMeetingSound: true }), false).meetingSound).toBe(true);
  });
});

describe('layout media plan', () => {
  it('follows the global media options (playAudio on, showTalk off by default)', () => {
    expect(layoutMediaPlan(opts(), false, false)).toMatchObject({
      video: true,
      names: true,
      talk: false,
      audio: true,
      preview: { show: false },
    });
    expect(layoutMediaPlan(opts({ hideVideo: true }), false, false).video).toBe(false);
    expect(layoutMediaPlan(opts({ showName: false, showTalk: true, playAudio: false }), false, false)).toMatchObject({
      names: false,
      talk: true,
      audio: false,
    });
  });

  it('shows the preview the opener sent, under the same preview options', () => {
    expect(layoutMediaPlan(opts({ newWindow: true, hideVideo: true }), true, true).preview).toEqual({
      show: true,
      video: false,
      overlays: true,
      dual: 'side-by-side',
      pipButton: false,
    });
    expect(layoutMediaPlan(opts({ preview: false }), true, false).preview.show).toBe(false);
  });
});
