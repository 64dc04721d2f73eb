// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { ServiceExpiryDialog } from './ReminderDialogs';
import { installDomShims, renderUi } from '#/testing/render';

beforeAll(installDomShims);
afterEach(cleanup);

describe('ServiceExpiryDialog', () => {
  it('sits in the flow where it is rendered (the sidebar), not floating over the table', () => {
    const onClose = vi.fn();
    const { container } = renderUi(
      <div data-testid="sidebar">
        <ServiceExpiryDialog opened daysLeft={5} expiresAt={1_800_000_000} onClose={onClose} />
      </div>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Service expiry reminder' });
    // inside the element that rendered it, not portalled to the body's end
    expect(container.querySelector('[data-testid="sidebar"]')!.contains(dialog)).toBe(true);
    expect(getComputedStyle(dialog).position).not.toBe('fixed');
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('closed → nothing on screen', () => {
    renderUi(<ServiceExpiryDialog opened={false} daysLeft={5} expiresAt={1_800_000_000} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
