// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { SubtitleSettings } from './SubtitleSettings';
import { renderUi } from '#/testing/render';
import { ConnectionLostState } from '#/session/connectionLost';

afterEach(cleanup);

describe('SubtitleSettings', () => {
  it('starts from the spec defaults when the server has no title', () => {
    renderUi(<SubtitleSettings titles={[]} onApply={() => {}} />);
    expect((screen.getByLabelText('Font size') as HTMLInputElement).value).toBe('36');
    expect((screen.getByLabelText('Vertical margin (%)') as HTMLInputElement).value).toBe('10');
  });

  it('previews the text as it is typed', () => {
    renderUi(<SubtitleSettings titles={[]} onApply={() => {}} />);
    fireEvent.change(screen.getByLabelText('Subtitle content'), { target: { value: 'Welcome' } });
    expect(screen.getByTestId('subtitle-preview-text').textContent).toBe('Welcome');
    expect(screen.getByTestId('subtitle-preview-text').style.fontSize).toBe('36px');
  });

  it('before any text shows a sample line in the chosen style, marked as a sample, and the typed text replaces it', () => {
    renderUi(<SubtitleSettings titles={[]} onApply={() => {}} />);
    const preview = screen.getByRole('img', { name: 'Subtitle preview, with sample text' });
    expect(preview.dataset.sample).toBe('true');
    expect(screen.getByTestId('subtitle-preview-text').textContent).toBe('Sample subtitle text');
    expect(screen.getByTestId('subtitle-preview-sample').textContent).toBe('Sample');
    fireEvent.change(screen.getByLabelText('Font size'), { target: { value: '48' } });
    expect(screen.getByTestId('subtitle-preview-text').style.fontSize).toBe('48px');
    fireEvent.change(screen.getByLabelText('Subtitle content'), { target: { value: 'Welcome' } });
    expect(screen.getByTestId('subtitle-preview-text').textContent).toBe('Welcome');
    expect(screen.queryByTestId('subtitle-preview-sample')).toBeNull();
    expect(screen.getByRole('img', { name: 'Subtitle preview' }).dataset.sample).toBeUndefined();
  });

  it('applies the edited title with the matching meeting-wide position', () => {
    const onApply = vi.fn();
    renderUi(<SubtitleSettings titles={[{ to_role: 'all', message: 'Hi', has_title: 1, h_align: 0 }]} onApply={onApply} />);
    fireEvent.click(screen.getByRole('button', { name: 'Apply subtitle' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    const [title, position] = onApply.mock.calls[0];
    expect(title).toMatchObject({ to_role: 'all', message: 'Hi', has_title: 1, font_size: 36 });
    expect(position).toEqual({ horizontal_position: 'left', vertical_position: 'bottom', horizontal_margin: 10, vertical_margin: 10 });
  });

  it('refuses a text longer than 60 bytes and does not apply it', () => {
    const onApply = vi.fn();
    renderUi(<SubtitleSettings titles={[]} onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('Subtitle content'), { target: { value: '字'.repeat(21) } });
    expect(screen.getByText('The subtitle can be at most 60 bytes long')).toBeTruthy();
    const apply = screen.getByRole('button', { name: 'Apply subtitle' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
  });
});

describe('SubtitleSettings while the connection is lost', () => {
  it('Apply subtitle waits with the reason shown', () => {
    const onApply = vi.fn();
    renderUi(
      <ConnectionLostState value>
        <SubtitleSettings titles={[{ to_role: 'all', message: 'Hi', has_title: 1, h_align: 0 }]} onApply={onApply} />
      </ConnectionLostState>,
    );
    const apply = screen.getByRole('button', { name: 'Apply subtitle' }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);
    expect(screen.getByText('The connection is lost: this can be confirmed once it is back.')).toBeTruthy();
    fireEvent.click(apply);
    expect(onApply).not.toHaveBeenCalled();
  });
});
