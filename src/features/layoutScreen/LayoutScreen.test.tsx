// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { LayoutScreen } from './LayoutScreen';
import { renderUi } from '#/testing/render';

afterEach(cleanup);

describe('LayoutScreen', () => {
  it('hides the content until the presentation is launched', () => {
    renderUi(
      <LayoutScreen presentation={null} showContent view="tabs" onView={() => {}}>
        <p>panes</p>
      </LayoutScreen>,
    );
    expect(screen.queryByText('panes')).toBeNull();
    expect(screen.getByTestId('layout-placeholder').textContent).toBe('The presentation has not been launched');
  });

  it('hides the content when the supervisor turned content off', () => {
    renderUi(
      <LayoutScreen presentation={{ launched: true }} showContent={false} view="tabs" onView={() => {}}>
        <p>panes</p>
      </LayoutScreen>,
    );
    expect(screen.queryByText('panes')).toBeNull();
  });

  it('shows the content when launched and allowed', () => {
    renderUi(
      <LayoutScreen presentation={{ launched: true, title: 'Main hall' }} showContent view="tabs" onView={() => {}}>
        <p>panes</p>
      </LayoutScreen>,
    );
    expect(screen.getByText('panes')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Layout window · Main hall' })).toBeTruthy();
  });

  it('is a main landmark named by its heading, with the view choice once content shows', () => {
    renderUi(
      <LayoutScreen presentation={{ launched: true }} showContent view="side" onView={() => {}}>
        <p>panes</p>
      </LayoutScreen>,
    );
    const main = screen.getByRole('main');
    expect(main.getAttribute('aria-labelledby')).toBe('layout-title');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Layout window');
    expect(screen.getByRole('radio', { name: 'Side by side' })).toBeTruthy();
  });
});
