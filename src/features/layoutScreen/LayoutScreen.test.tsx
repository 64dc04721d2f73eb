// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { LayoutScreen } from './LayoutScreen';
import { renderUi } from '../meetingControls/testUtils';

afterEach(cleanup);

describe('LayoutScreen', () => {
  it('hides the content until the presentation is launched', () => {
    renderUi(
      <LayoutScreen presentation={null} showContent>
        <p>panes</p>
      </LayoutScreen>,
    );
    expect(screen.queryByText('panes')).toBeNull();
    expect(screen.getByTestId('layout-placeholder').textContent).toBe('The presentation has not been launched');
  });

  it('hides the content when the supervisor turned content off', () => {
    renderUi(
      <LayoutScreen presentation={{ launched: true }} showContent={false}>
        <p>panes</p>
      </LayoutScreen>,
    );
    expect(screen.queryByText('panes')).toBeNull();
  });

  it('shows the content when launched and allowed', () => {
    renderUi(
      <LayoutScreen presentation={{ launched: true, title: 'Main hall' }} showContent>
        <p>panes</p>
      </LayoutScreen>,
    );
    expect(screen.getByText('panes')).toBeTruthy();
    expect(screen.getByText('Main hall')).toBeTruthy();
  });
});
