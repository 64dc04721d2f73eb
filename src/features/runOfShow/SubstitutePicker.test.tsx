// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createTestI18n, renderUi } from '#/testing/render';
import type { Segment } from '@protocol/runOfShow';
import { SubstitutePicker } from './SubstitutePicker';

afterEach(cleanup);

const segment: Segment = { id: 's', name: 'Branch 7', main_venue: 'b7', guests: ['b8'] };
const online = [
  { usrId: 'b6', name: 'Branch 6' },
  { usrId: 'b8', name: 'Branch 8' },
  { usrId: 'b9', name: 'Branch 9' },
];
const names: Record<string, string> = { b7: 'Branch 7', b6: 'Branch 6', b8: 'Branch 8', b9: 'Branch 9' };

describe('SubstitutePicker', () => {
  it('preselects the next connected participant the segment does not name; Take sends the chosen stand-in', async () => {
    const onTake = vi.fn();
    renderUi(
      <SubstitutePicker
        segment={segment}
        missing={['b7']}
        roster={['b6', 'b7', 'b8', 'b9']}
        online={online}
        who={(id) => names[id] ?? id}
        disabled={false}
        onTake={onTake}
      />,
      await createTestI18n('en'),
    );
    const select = screen.getByLabelText('Stand-in for Branch 7') as HTMLSelectElement;
    expect(select.value).toBe('b9');
    fireEvent.click(screen.getByRole('button', { name: 'Take with these stand-ins' }));
    expect(onTake).toHaveBeenLastCalledWith({ b7: 'b9' });
    fireEvent.change(select, { target: { value: 'b6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Take with these stand-ins' }));
    expect(onTake).toHaveBeenLastCalledWith({ b7: 'b6' });
  });

  it('with nobody to stand in, Take with stand-ins is not offered', async () => {
    renderUi(
      <SubstitutePicker
        segment={segment}
        missing={['b7']}
        roster={['b7', 'b8']}
        online={[{ usrId: 'b8', name: 'Branch 8' }]}
        who={(id) => names[id] ?? id}
        disabled={false}
        onTake={vi.fn()}
      />,
      await createTestI18n('en'),
    );
    expect((screen.getByLabelText('Stand-in for Branch 7') as HTMLSelectElement).value).toBe('');
    expect((screen.getByRole('button', { name: 'Take with these stand-ins' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
