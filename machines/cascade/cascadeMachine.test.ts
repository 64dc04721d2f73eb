import { describe, expect, it } from 'vitest';
import { ApiError } from '../../protocol/errors';
import { VALIDATION_RESULT_CODES } from '../../protocol/validationCodes';
import { flush } from '../testing/fakeSessionApi';
import { miniSession } from '../testing/miniSession';
import { cascadeMachine, type CascadeEmitted } from './cascadeMachine';
import { selectCascadeMode, selectCascadePoints } from './selectors';

const status = (fields: object) => ({ type: 'server.one_mr_status', event: { cmdid: 'one_mr_status', seq: 1, ...fields } }) as never;

function started() {
  const h = miniSession(cascadeMachine, 'cascade');
  const emitted: CascadeEmitted[] = [];
  h.actor.on('cascade.refused', (e) => emitted.push(e));
  return { ...h, emitted };
}

describe('cascade modes', () => {
  it('follows the reported mode: nonCascade → parent → child', () => {
    const h = started();
    expect(selectCascadeMode(h.snap())).toBe('');
    h.actor.send(status({ cascade_mode: 'parent', cascade_points: 2 }));
    expect(h.snap().value).toBe('parent');
    expect(selectCascadePoints(h.snap())).toBe(2);
    h.actor.send(status({ cascade_mode: 'child' }));
    expect(selectCascadeMode(h.snap())).toBe('child');
    expect(selectCascadePoints(h.snap())).toBe(2);
  });

  it('cascade.set parent sends mod_mr_status cascade_mode', () => {
    const h = started();
    h.actor.send({ type: 'cascade.set', mode: 'parent' });
    expect(h.calls[0].body).toMatchObject({ cmdid: 'mod_mr_status', cascade_mode: 'parent' });
  });

  it('switching to non-cascade with cascade points → refused locally with the code, nothing sent', () => {
    const h = started();
    h.actor.send(status({ cascade_mode: 'parent', cascade_points: 1 }));
    h.actor.send({ type: 'cascade.set', mode: '' });
    expect(h.calls).toHaveLength(0);
    expect(h.emitted).toEqual([
      { type: 'cascade.refused', code: 'cascade.pointsExist', result: VALIDATION_RESULT_CODES['cascade.pointsExist'] },
    ]);
    h.actor.send(status({ cascade_points: 0 }));
    h.actor.send({ type: 'cascade.set', mode: '' });
    expect(h.calls).toHaveLength(1);
  });

  it('a server refusal is reported with its result code', async () => {
    const h = started();
    h.actor.send({ type: 'cascade.set', mode: 'child' });
    h.fail('mr-status', new ApiError('http', 403, '/mr-status', 4321));
    await flush();
    expect(h.emitted[0]).toMatchObject({ code: 'server', result: 4321 });
    expect(selectCascadeMode(h.snap())).toBe('');
  });
});
