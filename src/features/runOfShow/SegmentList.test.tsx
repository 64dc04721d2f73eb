// @vitest-environment happy-dom
/**
 * An agenda of 30 segments (issue 28): the list renders every row with its timer and rehearsed
 * time, and moving the cue re-marks the rows without a request to the server.
 * The time it takes is measured by `npm run bench -- runOfShow`, not here.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { createTestI18n, renderUi } from '#/testing/render';
import { INITIAL_STATE, type RunOfShow } from '@protocol/runOfShow';
import { meetingView } from '@machines/runOfShow/testing';
import { staticOnline } from '#/session/onlineParticipants';
import { runOfShowMachine, RUN_OF_SHOW_SUFFIX } from '@machines/runOfShow/runOfShowMachine';
import { flush, scriptedSessionApi } from '@machines/testing/fakeSessionApi';
import { SegmentList } from './SegmentList';

const view = meetingView();

const doc: RunOfShow = {
  version: 1,
  name: 'Plenary',
  segments: Array.from({ length: 30 }, (_, i) => ({
    id: `s${i}`,
    name: `Branch ${i + 1} report`,
    timer: { secs: 120 + i, warn_share: 0.8, on_endpoints: false },
    ...(i < 3 ? { rehearsed_secs: 100 + i } : {}),
  })),
};

afterEach(cleanup);

describe('SegmentList at 30 segments', () => {
  it('renders every segment in order with its timer and rehearsed time; a cue moves the mark', async () => {
    const fake = scriptedSessionApi();
    const actor = createActor(runOfShowMachine, { input: { api: fake.api, nowSecs: () => 1_000 } }).start();
    fake.answer(RUN_OF_SHOW_SUFFIX, { cmdid: 'run_of_show', revision: 1, doc, state: INITIAL_STATE });
    await flush();
    renderUi(
      <SegmentList actor={actor} view={view} online={staticOnline([])} timings={{}} busy={false} layouts={[]} />,
      await createTestI18n('en'),
    );
    const rows = within(screen.getByTestId('run-of-show-segments')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(30);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1].textContent)).toEqual(
      doc.segments.map((s, i) => (i === 0 ? `${s.name}Next` : s.name)),
    );
    expect(within(rows[29]).getAllByRole('cell')[2].textContent).toBe('2:29');
    expect(rows.map((r) => within(r).getByTestId('segment-rehearsed').textContent).slice(0, 4)).toEqual(['1:40', '1:41', '1:42', '—']);
    act(() => actor.send({ type: 'runOfShow.cue', index: 28 }));
    expect(screen.getByTestId('segment-28').getAttribute('data-cued')).toBe('true');
    expect(screen.getByTestId('segment-0').hasAttribute('data-cued')).toBe(false);
    expect(fake.pending(RUN_OF_SHOW_SUFFIX)).toHaveLength(0);
  });
});
