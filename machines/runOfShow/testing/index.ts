/**
 * Test helpers of the run-of-show actor: a quiet meeting view to diff segments against, and the
 * actor on a simulated clock over a scripted API (the test answers or refuses its first load).
 */
import { createActor, SimulatedClock } from 'xstate';
import type { MeetingView } from '../../../protocol/runOfShow';
import { scriptedSessionApi } from '../../testing/fakeSessionApi';
import { runOfShowMachine } from '../runOfShowMachine';

/** a meeting with nothing set: no main venue, nobody muted, nobody online, unless overridden */
export function meetingView(overrides: Partial<MeetingView> = {}): MeetingView {
  return {
    main_venue: '',
    guests: [],
    mosaics: {},
    banner: null,
    audience_muted: false,
    unmuted: [],
    recording: false,
    live: false,
    audience_listen: true,
    audience_watch: true,
    roll_call: '',
    online: new Set(),
    ...overrides,
  };
}

/** The actor started on a simulated clock whose seconds the test moves; every emitted type is kept. */
export function runOfShowActor() {
  const fake = scriptedSessionApi();
  const clock = new SimulatedClock();
  const nowSecs = () => 1_000 + Math.floor(clock.now() / 1000);
  const actor = createActor(runOfShowMachine, { input: { api: fake.api, nowSecs }, clock }).start();
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  return { fake, clock, actor, emitted };
}
