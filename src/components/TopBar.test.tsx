// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { TopBar } from './TopBar';
import { renderUi } from '#/testing/render';
import pkg from '../../package.json';

afterEach(cleanup);

describe('TopBar (spec §2 "Top bar: logout, version")', () => {
  it("shows the console's version, the package's, and Logout calls back", () => {
    const onLogout = vi.fn();
    renderUi(<TopBar onLogout={onLogout} />);
    expect(screen.getByText(`Version ${pkg.version}`)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
