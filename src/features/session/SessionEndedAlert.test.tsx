// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { assign, createActor, createMachine } from 'xstate';
import type { SessionEnd } from '@machines/index';
import { SessionEndedAlert } from './SessionEndedAlert';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

/** A stand-in for the session actor: only its `context.end` is read. */
function sessionWithEnd() {
  const machine = createMachine({
    types: {} as { context: { end: SessionEnd | null }; events: { type: 'end'; end: SessionEnd } },
    context: { end: null },
    on: { end: { actions: assign({ end: ({ event }) => event.end }) } },
  });
  return createActor(machine).start();
}

describe('SessionEndedAlert (spec §4: a warning, and the page reloads on confirm)', () => {
  it('shows nothing while the session runs, then the warning of its end; OK is the only way out', async () => {
    const actor = sessionWithEnd();
    const onConfirm = vi.fn();
    renderUi(<SessionEndedAlert actor={actor} scene="conference" onConfirm={onConfirm} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => actor.send({ type: 'end', end: { code: 'meetingEnded' } }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('The meeting has ended, exit control');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('a class ends in the class wording', async () => {
    const actor = sessionWithEnd();
    renderUi(<SessionEndedAlert actor={actor} scene="class" onConfirm={() => {}} />);
    act(() => actor.send({ type: 'end', end: { code: 'meetingEnded' } }));
    expect((await screen.findByRole('dialog')).textContent).toMatch(/class/i);
  });
});
