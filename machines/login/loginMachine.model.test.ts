/**
 * Model-based paths over the login machine: every shortest path through the model is replayed
 * against a real actor whose LoginApi answers as the path says, and each step must land the
 * actor in the state the model predicts, with the typed fields kept and the code cleared on
 * failure.
 */
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type EventObject, type SnapshotFrom } from 'xstate';
import { TestModel } from 'xstate/graph';
import { ApiError } from '../../protocol/errors';
import { loginMachine } from './loginMachine';
import { validateLoginForm } from './validateLoginForm';
import { codeResponse, okResponse, scriptedLoginApi } from '../testing/fakeLoginApi';

type Snap = SnapshotFrom<typeof loginMachine>;

const modelApi = scriptedLoginApi().api;
const errors = {
  403: new ApiError('http', 403, '/s'),
  404: new ApiError('http', 404, '/s', undefined, 'meeting not found'),
  429: new ApiError('http', 429, '/s', 9996, undefined, 5),
  500: new ApiError('http', 500, '/s'),
};

// The model's vocabulary: a few typed values, the user's clicks and every server answer.
const modelEvents = [
  { type: 'login.edit', field: 'mrId', value: '12a' },
  { type: 'login.edit', field: 'mrId', value: '0123' },
  { type: 'login.edit', field: 'password', value: 'pw' },
  { type: 'login.edit', field: 'code', value: 'AB12' },
  { type: 'login.submit' },
  { type: 'captcha.refresh' },
  { type: 'xstate.done.actor.fetchVerifyCode', output: codeResponse(1) },
  { type: 'xstate.error.actor.fetchVerifyCode', error: new ApiError('network', 0, '/v') },
  { type: 'xstate.done.actor.submitLogin', output: okResponse },
  ...Object.values(errors).map((error) => ({ type: 'xstate.error.actor.submitLogin', error })),
] as unknown as EventObject[];

/** States that differ only in what was typed collapse to: valid or not, code shown or not. */
function serialize(s: Snap): string {
  return JSON.stringify({
    value: s.value,
    valid: Object.keys(validateLoginForm(s.context)).length === 0,
    typed: [s.context.mrId !== '', s.context.password !== '', s.context.code !== ''],
    hasCode: s.context.codeId !== '',
    failure: s.context.failure?.code ?? null,
  });
}

// `createTestModel` refuses machines that invoke actors or use delays, and the login machine
// does both (that is its job). The TestModel it would build is used directly instead: the
// actors' answers become explicit `xstate.done.actor.*` / `xstate.error.actor.*` events of
// the model, and the replay below makes the fake LoginApi give exactly those answers.
const model = new TestModel<Snap, EventObject, unknown>(loginMachine as never, {
  events: modelEvents as never,
  serializeState: serialize as never,
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('login model paths', () => {
  const paths = model.getShortestPaths({ input: { api: modelApi, mrId: '' } } as never);

  it('covers every outcome state', () => {
    const reached = new Set(paths.map((p) => JSON.stringify(p.state.value)));
    expect(reached).toContain(JSON.stringify('loggedIn'));
    expect(reached).toContain(JSON.stringify({ active: { captcha: 'failed', form: 'editing' } }));
    expect([...reached].some((v) => v.includes('"locked"'))).toBe(true);
    expect([...reached].some((v) => v.includes('"submitting"'))).toBe(true);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const script = scriptedLoginApi();
      const actor = createActor(loginMachine, {
        input: { api: script.api, mrId: '' },
        clock: new SimulatedClock(),
      }).start();
      let typedPassword = '';
      let typedMrId = '';
      for (const step of path.steps) {
        const event = step.event as EventObject & Record<string, unknown>;
        switch (event.type) {
          case 'xstate.init':
            break;
          case 'xstate.done.actor.fetchVerifyCode':
            script.codeCalls.at(-1)!.resolve(event.output as never);
            await flush();
            break;
          case 'xstate.error.actor.fetchVerifyCode':
            script.codeCalls.at(-1)!.reject(event.error);
            await flush();
            break;
          case 'xstate.done.actor.submitLogin':
            script.loginCalls.at(-1)!.d.resolve(event.output as never);
            await flush();
            break;
          case 'xstate.error.actor.submitLogin':
            script.loginCalls.at(-1)!.d.reject(event.error);
            await flush();
            break;
          default:
            if (event.type === 'login.edit' && event.field === 'password') typedPassword = event.value as string;
            if (event.type === 'login.edit' && event.field === 'mrId') typedMrId = event.value as string;
            actor.send(event as never);
        }
        const snap = actor.getSnapshot();
        expect(snap.value).toEqual(step.state.value);
        expect(serialize(snap)).toBe(serialize(step.state as Snap));
        // the user's typing survives every transition; only the code may be cleared
        expect(snap.context.password).toBe(typedPassword);
        expect(snap.context.mrId).toBe(typedMrId);
        if (event.type === 'xstate.error.actor.submitLogin') expect(snap.context.code).toBe('');
      }
    });
  }
});
