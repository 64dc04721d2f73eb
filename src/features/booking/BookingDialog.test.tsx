// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { RC, codeMessage } from '@protocol/codes';
import { renderUi } from '#/testing/render';
import { BookingDialog } from './BookingDialog';
import { toLocalDateTime } from './bookingForm';

afterEach(cleanup);

const now = Math.floor(new Date(2026, 10, 28, 9, 2).getTime() / 1000);
const at = (minutes: number) => toLocalDateTime(now + minutes * 60);

function open(props: Partial<Parameters<typeof BookingDialog>[0]> = {}) {
  const onSubmit = vi.fn();
  const view = renderUi(
    <BookingDialog
      opened
      defaultName="Board room"
      nowSec={() => now}
      currentEndSec={now + 600}
      onSubmit={onSubmit}
      onClose={() => {}}
      {...props}
    />,
  );
  return { onSubmit, ...view };
}

async function fill(start: string, end: string) {
  fireEvent.change(await screen.findByLabelText('Starts'), { target: { value: start } });
  fireEvent.change(screen.getByLabelText('Ends'), { target: { value: end } });
  fireEvent.click(screen.getByRole('button', { name: 'Book' }));
}

describe('BookingDialog', () => {
  it('refuses each §5 rule with its message and sends nothing', async () => {
    const { onSubmit } = open();
    await fill(at(20), at(24));
    expect(screen.getByRole('alert').textContent).toBe(codeMessage(RC.bookingTooShort, 'en'));
    await fill(at(5), at(40));
    expect(screen.getByRole('alert').textContent).toBe(codeMessage(RC.bookingStartTooSoon, 'en'));
    await fill(at(20), at(20 + 7 * 24 * 60 + 5));
    expect(screen.getByRole('alert').textContent).toBe(codeMessage(RC.bookingTooLong, 'en'));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends a valid booking in seconds, with its length, and shows the server refusal', async () => {
    const { onSubmit, rerender } = open();
    expect((await screen.findByLabelText('Meeting name')) as HTMLInputElement).toHaveProperty('value', 'Board room');
    await fill(at(30), at(75));
    expect(screen.getByTestId('booking-length').textContent).toBe('Length: 45 min');
    expect(onSubmit).toHaveBeenCalledWith({ name: 'Board room', startSec: now + 1800, durationSec: 2700 });
    rerender(
      <BookingDialog
        opened
        defaultName="Board room"
        nowSec={() => now}
        currentEndSec={now + 600}
        refusal={{ result: RC.bookingConflict, status: 403 }}
        onSubmit={onSubmit}
        onClose={() => {}}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(codeMessage(RC.bookingConflict, 'en'));
  });

  it('says when the booking would cut the running meeting short', async () => {
    open({ currentEndSec: now + 3600 });
    fireEvent.change(await screen.findByLabelText('Starts'), { target: { value: at(30) } });
    expect(screen.getByTestId('booking-cuts-current').textContent).toMatch(/it will be ended when the booking starts/);
  });
});
