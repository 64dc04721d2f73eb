// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { MosicGroupEntry } from '@protocol/wire';
import { MosaicLayoutDialog } from './MosaicLayoutDialog';
import { renderUi } from '../meetingControls/testUtils';

afterEach(cleanup);

const group = (mosic_id: string, mosic_cnts: number, layout_type = 'normal'): MosicGroupEntry => ({
  mosic_id,
  mosic_cnts,
  layout_coord: [],
  layout_desc: mosic_id,
  layout_mode: 2,
  layout_type,
  default_layout_for_type: '',
});
const layouts = [group('1', 1), group('2*2', 4), group('4*4', 16), group('old', 4, 'traditional')];
const people = [
  { usrId: 'u1', name: 'Alice' },
  { usrId: 'u2', name: 'Bob' },
];

describe('MosaicLayoutDialog', () => {
  it('draws every layout the server offers as its panes', async () => {
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    const quad = await screen.findByRole('radio', { name: 'Layout 2*2' });
    expect(within(quad).getByTestId('mosaic-diagram').getAttribute('data-panes')).toBe('4');
  });

  it('starts the custom layout at 4*4 with 16 unset panes', async () => {
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Customize' }));
    const panes = screen.getByTestId('mosaic-panes').querySelectorAll('tbody tr');
    expect(panes).toHaveLength(16);
    expect(panes[0].getAttribute('data-token')).toBe('-2');
  });

  it('reports a traditional mosaic as not supported', async () => {
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Layout old' }));
    expect(screen.getByRole('alert').textContent).toBe('Traditional mosaic is not supported');
  });

  it('applies an edited role with its pane order and marks', async () => {
    const onApply = vi.fn();
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={onApply} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Layout 2*2' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Focus pane 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move pane 2 up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Apply layout' }));
    const [configs] = onApply.mock.calls[0];
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({ role: 'speaker', mosic_id: '2*2', layout_mode: 2, focus_pane: 0 });
    expect(configs[0].roles_lst).toHaveLength(4);
  });

  it('previews what each role will see', async () => {
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Layout 1' }));
    const preview = screen.getByTestId('mosaic-preview');
    expect(preview.querySelector('[data-preview-role="speaker"]')?.getAttribute('data-mosic-id')).toBe('1');
    expect(preview.querySelector('[data-preview-role="guest"]')?.getAttribute('data-mosic-id')).toBe('auto');
  });
});
