// @vitest-environment happy-dom
/**
 * "Capture current" (issue 28 item 1) copies the meeting as it is now into a segment, the banner
 * in the look it has on the endpoints (not the subtitle dialog's defaults).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createActor } from 'xstate';
import { createTestI18n, renderUi } from '#/testing/render';
import { defaultBanner, INITIAL_STATE } from '@protocol/runOfShow';
import { meetingView } from '@machines/runOfShow/testing';
import { staticOnline } from '#/session/onlineParticipants';
import { runOfShowMachine, RUN_OF_SHOW_SUFFIX } from '@machines/runOfShow/runOfShowMachine';
import { flush, scriptedSessionApi } from '@machines/testing/fakeSessionApi';
import { SegmentList } from './SegmentList';

afterEach(cleanup);

describe('Capture current', () => {
  it('copies the meeting now into a new segment, its banner in the meeting’s look', async () => {
    const fake = scriptedSessionApi();
    const actor = createActor(runOfShowMachine, { input: { api: fake.api, nowSecs: () => 1_000 } }).start();
    fake.answer(RUN_OF_SHOW_SUFFIX, {
      cmdid: 'run_of_show',
      revision: 1,
      doc: { version: 1, name: 'P', segments: [] },
      state: INITIAL_STATE,
    });
    await flush();
    const view = meetingView({ main_venue: 'hq', banner: { message: 'Welcome' }, online: new Set(['hq']) });
    const look = { ...defaultBanner({}), font_size: 48, style: 3, y_pos: 10 };
    renderUi(
      <SegmentList actor={actor} view={view} online={staticOnline([])} timings={{}} busy={false} layouts={[]} bannerLook={look} />,
      await createTestI18n('en'),
    );
    act(() => void fireEvent.click(screen.getByRole('button', { name: 'Capture current' })));
    const saved = fake.pending(RUN_OF_SHOW_SUFFIX)[0].body as { doc: { segments: { main_venue: string; banner: unknown }[] } };
    expect(saved.doc.segments[0].main_venue).toBe('hq');
    expect(saved.doc.segments[0].banner).toMatchObject({ text: { zh: 'Welcome', en: '' }, font_size: 48, style: 3, y_pos: 10 });
  });
});
