// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ConfirmDialog } from '#/components/ConfirmDialog';
import { FormFooter } from '#/components/FormFooter';
import { renderUi } from '#/testing/render';
import { ConnectionLostState } from './connectionLost';

afterEach(cleanup);

const REASON = 'The connection is lost: this can be confirmed once it is back.';

function dialog(lost: boolean, onConfirm: () => void) {
  return (
    <ConnectionLostState value={lost}>
      <ConfirmDialog
        opened
        title="Hang up"
        message="Hang up Alice?"
        confirmLabel="Hang up 1 participant"
        onConfirm={onConfirm}
        onCancel={() => {}}
      />
    </ConnectionLostState>
  );
}

describe('a confirmation open when the connection drops (issue 23 item 5)', () => {
  it('Confirm is disabled with the reason shown, and enabled again once the connection is back', async () => {
    const onConfirm = vi.fn();
    const view = renderUi(dialog(false, onConfirm));
    const confirm = await screen.findByRole('button', { name: 'Hang up 1 participant' });
    expect((confirm as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(REASON)).toBeNull();
    view.rerender(dialog(true, onConfirm));
    expect((screen.getByRole('button', { name: 'Hang up 1 participant' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(REASON)).toBeTruthy();
    view.rerender(dialog(false, onConfirm));
    expect((screen.getByRole('button', { name: 'Hang up 1 participant' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(REASON)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Hang up 1 participant' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('a form dialog keeps its submit button disabled with the reason while lost', () => {
    renderUi(
      <ConnectionLostState value>
        <form>
          <FormFooter onCancel={() => {}} submitLabel="Save" />
        </form>
      </ConnectionLostState>,
    );
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(REASON)).toBeTruthy();
  });
});
