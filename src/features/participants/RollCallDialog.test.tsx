// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ConnectionLostState } from '#/session/connectionLost';
import { installDomShims, renderUi } from '#/testing/render';
import { RollCallDialog, type RollCallDialogProps } from './RollCallDialog';
import type { ParticipantRow } from './participantModel';

beforeAll(installDomShims);
afterEach(cleanup);

const REASON = 'The connection is lost: this can be confirmed once it is back.';
const rows = [
  { usrId: 'u1', name: 'Alice' },
  { usrId: 'u2', name: 'Bob' },
] as unknown as ParticipantRow[];

function dialog(lost: boolean, current: RollCallDialogProps['current'], onCommand = vi.fn()) {
  return (
    <ConnectionLostState value={lost}>
      <RollCallDialog opened candidates={rows} current={current} onCommand={onCommand} onClose={() => {}} />
    </ConnectionLostState>
  );
}
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('RollCallDialog while the connection is lost', () => {
  it('Next and End wait with the reason shown, and work again once the connection is back', () => {
    const onCommand = vi.fn();
    const current = { usrId: 'u1', view: 'called_only' as const };
    const view = renderUi(dialog(true, current, onCommand));
    expect(screen.getByText(REASON)).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(button('End roll call').disabled).toBe(true);
    fireEvent.click(button('End roll call'));
    expect(onCommand).not.toHaveBeenCalled();
    view.rerender(dialog(false, current, onCommand));
    expect(screen.queryByText(REASON)).toBeNull();
    fireEvent.click(button('Next'));
    expect(onCommand).toHaveBeenCalledWith({ type: 'rollCall', step: 'next', usrId: 'u2', view: 'called_only' });
  });

  it('Start waits too', () => {
    renderUi(dialog(true, null));
    expect(button('Start roll call').disabled).toBe(true);
    expect(screen.getByText(REASON)).toBeTruthy();
  });
});
