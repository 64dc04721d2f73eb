// @vitest-environment happy-dom
/**
 * Issue 30: a config that could not be read is said in its dialog (never the defaults), with a
 * retry; the resource template's limits show: recording not allowed, layouts over the pane cap.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { MosicGroupEntry } from '@protocol/wire';
import { MeetingControlsView, type MeetingControlsModel } from './MeetingControlsView';
import { renderUi } from '#/testing/render';
import { staticOnline } from '#/session/onlineParticipants';
import { meetingControlsModel } from './testing';
import { MosaicLayoutDialog } from '#/features/mosaic/MosaicLayoutDialog';

afterEach(cleanup);

const model = (patch: Partial<MeetingControlsModel> = {}) =>
  meetingControlsModel({ status: { mr_locked: 0 }, titles: [{ to_role: 'all', message: 'Welcome' }], ...patch });
const noop = () => {};
const template = { name: 'SD 4', max_mosic: 4, max_spk_mosic: 4, max_chair_mosic: 4, max_guest_mosic: 4, has_record: 0 as const };

describe('config reads (issue 30)', () => {
  it('a failed title read: the subtitle dialog says so and offers Retry, with no form on defaults', async () => {
    const onRetry = vi.fn();
    renderUi(
      <MeetingControlsView
        model={model({ configLoad: { titles: 'failed', mosaic: 'loaded', layouts: 'loaded' } })}
        onCommand={noop}
        onRecording={noop}
        onCascade={noop}
        onWaitingRoom={noop}
        onRetryConfigs={onRetry}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subtitle settings' }));
    const alert = await screen.findByTestId('config-failed');
    expect(alert.textContent).toMatch(/Failed to retrieve configuration/);
    expect(screen.queryByRole('button', { name: 'Apply subtitle' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('a failed layout-list read: the layout dialog says so instead of the layouts; loading says loading', async () => {
    const { rerender } = renderUi(
      <MeetingControlsView
        model={model({ configLoad: { titles: 'loaded', mosaic: 'loaded', layouts: 'failed' } })}
        onCommand={noop}
        onRecording={noop}
        onCascade={noop}
        onWaitingRoom={noop}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Screen layout' }));
    expect(await screen.findByTestId('config-failed')).toBeTruthy();
    expect(screen.queryByTestId('mosaic-dialog')).toBeNull();
    rerender(
      <MeetingControlsView
        model={model({ configLoad: { titles: 'loaded', mosaic: 'loading', layouts: 'loaded' } })}
        onCommand={noop}
        onRecording={noop}
        onCascade={noop}
        onWaitingRoom={noop}
      />,
    );
    expect(await screen.findByTestId('config-loading')).toBeTruthy();
  });

  it('read configs open the dialogs as before', async () => {
    renderUi(
      <MeetingControlsView
        model={model({ configLoad: { titles: 'loaded', mosaic: 'loaded', layouts: 'loaded' } })}
        onCommand={noop}
        onRecording={noop}
        onCascade={noop}
        onWaitingRoom={noop}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Subtitle settings' }));
    expect(await screen.findByRole('button', { name: 'Apply subtitle' })).toBeTruthy();
    expect(screen.queryByTestId('config-failed')).toBeNull();
  });
});

describe('resource template (issue 30)', () => {
  it('recording the template does not allow: the reason, and no start', () => {
    renderUi(
      <MeetingControlsView
        model={model({ resourceTemplate: template })}
        onCommand={noop}
        onRecording={noop}
        onCascade={noop}
        onWaitingRoom={noop}
      />,
    );
    expect(screen.getByTestId('recording-not-allowed').textContent).toBe('The resource template “SD 4” does not allow recording');
    expect(screen.queryByRole('button', { name: 'Start recording' })).toBeNull();
  });

  it('layouts over the pane cap are greyed, explained and cannot be chosen', async () => {
    const group = (mosic_id: string, mosic_cnts: number): MosicGroupEntry => ({
      mosic_id,
      mosic_cnts,
      layout_coord: [],
      layout_desc: mosic_id,
      layout_mode: 2,
      layout_type: 'normal',
      default_layout_for_type: '',
    });
    renderUi(
      <MosaicLayoutDialog
        opened
        layouts={[group('2*2', 4), group('3*3', 9)]}
        configs={[]}
        template={template}
        participants={staticOnline([])}
        onApply={noop}
        onClose={noop}
      />,
    );
    const big = await screen.findByRole('radio', { name: 'Layout 3*3' });
    expect(big.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('mosaic-pane-limit').textContent).toMatch(/“SD 4” allows at most 4 panes/);
    fireEvent.click(big);
    expect(big.getAttribute('aria-checked')).toBe('false');
    const fits = screen.getByRole('radio', { name: 'Layout 2*2' });
    expect(fits.getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(fits);
    expect(fits.getAttribute('aria-checked')).toBe('true');
  });
});
