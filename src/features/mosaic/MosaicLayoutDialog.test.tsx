// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MosicConfigEntry, MosicGroupEntry } from '@protocol/wire';
import { encodeUsrStats } from '@protocol/usrStats';
import { MosaicLayoutDialog } from './MosaicLayoutDialog';
import { renderUi } from '#/testing/render';
import { ConnectionLostState } from '#/session/connectionLost';
import { staticOnline, type OnlineParticipants } from '#/session/onlineParticipants';
import { PICKER_OPTION_LIMIT } from '#/components/participantPicker/participantOptions';
import { countingOnline as manyOnline, optionsOf, openPicker } from '#/components/participantPicker/testing';

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
const people = staticOnline([
  { usrId: 'u1', name: 'Alice' },
  { usrId: 'u2', name: 'Bob' },
]);

describe('MosaicLayoutDialog', () => {
  it('draws every layout the server offers as its panes', async () => {
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    const quad = await screen.findByRole('radio', { name: 'Layout 2*2' });
    expect(within(quad).getByTestId('mosaic-diagram').getAttribute('data-panes')).toBe('4');
  });

  it('starts the custom layout at 4*4 with 16 automatic panes ("0", never podium\'s "-2")', async () => {
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Customize' }));
    const panes = screen.getByTestId('mosaic-panes').querySelectorAll('tbody tr');
    expect(panes).toHaveLength(16);
    expect(panes[0].getAttribute('data-token')).toBe('0');
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
    const handle = screen.getByRole('button', { name: 'Move pane 2' });
    for (const key of [' ', 'ArrowUp', ' ']) fireEvent.keyDown(handle, { key });
    fireEvent.click(screen.getByRole('button', { name: 'Apply layout' }));
    const [configs] = onApply.mock.calls[0];
    expect(configs).toHaveLength(1);
    expect(configs[0]).toMatchObject({ role: 'speaker', mosic_id: '2*2', layout_mode: 2, focus_pane: 0 });
    expect(configs[0].roles_lst).toHaveLength(4);
  });

  describe('sorting the panes', () => {
    const quad: MosicConfigEntry[] = [
      {
        role: 'speaker',
        mosic_id: '2*2',
        layout_mode: 2,
        roles_lst: [['u1'], ['u2'], ['0'], ['0']],
        poll_secs: 10,
        view_has_self: 1,
        focus_pane: 0,
      },
    ];
    const tokens = () => [...screen.getByTestId('mosaic-panes').querySelectorAll('tbody tr')].map((r) => r.getAttribute('data-token'));
    const status = () => screen.getByTestId('pane-sort-status').textContent;

    it('drags a row to another place, its marks going with it', async () => {
      const onApply = vi.fn();
      renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={quad} participants={people} onApply={onApply} onClose={() => {}} />);
      await screen.findByTestId('mosaic-panes');
      const rows = screen.getByTestId('mosaic-panes').querySelectorAll('tbody tr');
      fireEvent.dragStart(rows[0], { dataTransfer: { effectAllowed: '' } });
      fireEvent.dragOver(rows[2]);
      expect(rows[2].getAttribute('data-drop-target')).toBe('true');
      fireEvent.drop(rows[2]);
      expect(tokens()).toEqual(['u2', '0', 'u1', '0']);
      fireEvent.click(screen.getByRole('button', { name: 'Apply layout' }));
      expect(onApply.mock.calls[0][0][0]).toMatchObject({ roles_lst: [['u2'], ['0'], ['u1'], ['0']], focus_pane: 2 });
    });

    it('from the keyboard: Space picks up, arrows move with the focus, Space drops, each step announced', async () => {
      renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={quad} participants={people} onApply={() => {}} onClose={() => {}} />);
      const handle = await screen.findByRole('button', { name: 'Move pane 1' });
      expect(handle.getAttribute('aria-describedby')).toBe('pane-sort-help');
      handle.focus();
      fireEvent.keyDown(handle, { key: ' ' });
      expect(status()).toBe('Picked up Alice, pane 1 of 4. The arrow keys move it, Space drops it, Escape cancels.');
      fireEvent.keyDown(handle, { key: 'ArrowDown' });
      expect(tokens()).toEqual(['u2', 'u1', '0', '0']);
      expect(status()).toBe('Alice moved to pane 2 of 4.');
      const second = screen.getByRole('button', { name: 'Move pane 2' });
      await waitFor(() => expect(document.activeElement).toBe(second));
      fireEvent.keyDown(second, { key: 'End' });
      expect(tokens()).toEqual(['u2', '0', '0', 'u1']);
      const last = screen.getByRole('button', { name: 'Move pane 4' });
      await waitFor(() => expect(document.activeElement).toBe(last));
      fireEvent.keyDown(last, { key: 'Enter' });
      expect(status()).toBe('Alice dropped at pane 4 of 4.');
      // dropped: arrows no longer move anything
      fireEvent.keyDown(last, { key: 'ArrowUp' });
      expect(tokens()).toEqual(['u2', '0', '0', 'u1']);
    });

    it('Escape puts the carried pane back and leaves the dialog open', async () => {
      const onClose = vi.fn();
      renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={quad} participants={people} onApply={() => {}} onClose={onClose} />);
      const handle = await screen.findByRole('button', { name: 'Move pane 2' });
      handle.focus();
      fireEvent.keyDown(handle, { key: ' ' });
      fireEvent.keyDown(handle, { key: 'ArrowDown' });
      fireEvent.keyDown(handle, { key: 'ArrowDown' });
      expect(tokens()).toEqual(['u1', '0', '0', 'u2']);
      fireEvent.keyDown(screen.getByRole('button', { name: 'Move pane 4' }), { key: 'Escape' });
      expect(tokens()).toEqual(['u1', 'u2', '0', '0']);
      expect(status()).toBe('Move cancelled: Bob is back at pane 2.');
      expect(onClose).not.toHaveBeenCalled();
      expect((screen.getByRole('button', { name: 'Apply layout' }) as HTMLButtonElement).disabled).toBe(true);
    });
  });

  it('lays every layout out at once, none in a scrolling strip', async () => {
    const many = Array.from({ length: 14 }, (_, i) => group(`L${i + 1}`, (i % 5) + 1));
    renderUi(<MosaicLayoutDialog opened layouts={many} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    const strip = await screen.findByRole('radiogroup', { name: 'Layouts' });
    expect(within(strip).getAllByRole('radio')).toHaveLength(15);
    expect(strip.style.display).toBe('grid');
    expect(strip.closest('.mantine-ScrollArea-root')).toBeNull();
  });

  it("offers no pane marks when the server's entries have none (platform mode) and says why", async () => {
    const platformConfigs: MosicConfigEntry[] = (['speaker', 'chair', 'guest'] as const).map((role) => ({
      role,
      mosic_id: 'auto',
      layout_mode: 2,
      roles_lst: [],
      poll_secs: 10,
      view_has_self: 0,
    }));
    renderUi(
      <MosaicLayoutDialog opened layouts={layouts} configs={platformConfigs} participants={people} onApply={() => {}} onClose={() => {}} />,
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Layout 2*2' }));
    expect(screen.getByTestId('mosaic-panes').querySelectorAll('tbody tr')).toHaveLength(4);
    expect(screen.queryByRole('radio', { name: 'Focus pane 1' })).toBeNull();
    expect(screen.getByTestId('pane-marks-unavailable').textContent).toMatch(/keeps no focus/);
  });

  it('previews what each role will see', async () => {
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Layout 1' }));
    const preview = screen.getByTestId('mosaic-preview');
    expect(preview.querySelector('[data-preview-role="speaker"]')?.getAttribute('data-mosic-id')).toBe('1');
    expect(preview.querySelector('[data-preview-role="guest"]')?.getAttribute('data-mosic-id')).toBe('auto');
  });

  it('searches the participants only in an open pane picker and offers at most the limit with a hint', async () => {
    const many = manyOnline();
    const onApply = vi.fn();
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={many} onApply={onApply} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Customize' }));
    expect(screen.getByTestId('mosaic-panes').querySelectorAll('tbody tr')).toHaveLength(16);
    // sixteen closed pickers read nobody
    expect(many.reads).toBe(0);

    const input = screen.getByRole('combobox', { name: 'Video source of pane 3' });
    openPicker(input, 'Sim 1');
    // the pane's current choice stays offered, then the best matches under the hint
    await waitFor(() => expect(optionsOf(input)).toHaveLength(1 + PICKER_OPTION_LIMIT));
    expect(many.reads).toBeGreaterThan(0);
    expect(optionsOf(input)[0].textContent).toBe('Automatic');
    const matches = screen.getByRole('group', { name: 'Showing 50 of 1,111 — type to narrow', hidden: true });
    expect(within(matches).getAllByRole('option', { hidden: true })).toHaveLength(PICKER_OPTION_LIMIT);
    expect(within(matches).getAllByRole('option', { hidden: true })[0].textContent).toBe('Sim 1');

    fireEvent.change(input, { target: { value: 'sim 4321' } });
    await waitFor(() => expect(optionsOf(input).map((o) => o.textContent)).toEqual(['Automatic', 'Sim 4321']));
    fireEvent.click(optionsOf(input)[1]);
    const row = screen.getByTestId('mosaic-panes').querySelectorAll('tbody tr')[2];
    expect(row.getAttribute('data-token')).toBe('u4321');
    // the chosen participant stays visible in the closed picker, though not among the first matches
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Video source of pane 3' }) as HTMLInputElement).value).toBe('Sim 4321'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Apply layout' }));
    expect(onApply.mock.calls[0][0][0].roles_lst[2]).toEqual(['u4321']);
  });

  it('finds the pane tokens by their names too', async () => {
    renderUi(<MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={() => {}} onClose={() => {}} />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Customize' }));
    const input = screen.getByRole('combobox', { name: 'Video source of pane 1' });
    openPicker(input, 'empt');
    await waitFor(() => expect(optionsOf(input).map((o) => o.textContent)).toEqual(['Automatic', 'Empty']));
    fireEvent.click(optionsOf(input)[1]);
    expect(screen.getByTestId('mosaic-panes').querySelectorAll('tbody tr')[0].getAttribute('data-token')).toBe('-1');
  });

  it('names a participant the server placed in a pane even when offline', async () => {
    const withOffline: OnlineParticipants = { ...people, nameOf: (id) => (id === 'gone' ? 'Offline Olga' : people.nameOf(id)) };
    const configs: MosicConfigEntry[] = [
      { role: 'speaker', mosic_id: '2*2', layout_mode: 2, roles_lst: [['gone'], ['u2'], ['0'], ['-1']], poll_secs: 10, view_has_self: 1 },
    ];
    renderUi(
      <MosaicLayoutDialog opened layouts={layouts} configs={configs} participants={withOffline} onApply={() => {}} onClose={() => {}} />,
    );
    const first = (await screen.findByRole('combobox', { name: 'Video source of pane 1' })) as HTMLInputElement;
    expect(first.value).toBe('Offline Olga');
    expect((screen.getByRole('combobox', { name: 'Video source of pane 2' }) as HTMLInputElement).value).toBe('Bob');
    expect((screen.getByRole('combobox', { name: 'Video source of pane 3' }) as HTMLInputElement).value).toBe('Automatic');
    // the preview shows what the screens would show: nobody in the offline participant's pane
    expect(within(screen.getByTestId('mosaic-preview')).queryAllByText('Offline Olga')).toHaveLength(0);
  });

  it('previews each role with the participants who would be in its panes, named, with video off marked', async () => {
    const stat = (v_rx: 0 | 1) => encodeUsrStats({ a_rx: 1, v_rx, a_tx: 1, v_tx: 1 });
    const list = [
      { usr_id: 'u1', usr_name: 'Alice', ep_id: 1, online: 1 as const, usr_stat: stat(1) },
      { usr_id: 'u2', usr_name: 'Bob', ep_id: 2, online: 1 as const, usr_stat: stat(0) },
    ];
    const feed = { get: (id: string) => list.find((p) => p.usr_id === id), list: () => list, subscribe: () => () => {} };
    const configs: MosicConfigEntry[] = [
      { role: 'chair', mosic_id: '1', layout_mode: 2, roles_lst: [['u1']], poll_secs: 10, view_has_self: 0 },
    ];
    renderUi(
      <MosaicLayoutDialog
        opened
        layouts={layouts}
        configs={configs}
        participants={people}
        feed={feed}
        onApply={() => {}}
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('radio', { name: 'Layout 2*2' }));
    const input = screen.getByRole('combobox', { name: 'Video source of pane 1' });
    openPicker(input, 'Bob');
    await waitFor(() => expect(optionsOf(input).some((o) => o.textContent === 'Bob')).toBe(true));
    fireEvent.click(optionsOf(input).find((o) => o.textContent === 'Bob')!);
    const names = (role: string) =>
      [...screen.getByTestId('mosaic-preview').querySelectorAll(`[data-preview-role="${role}"] [data-pane]`)].map(
        (pane) => pane.querySelector('[data-testid="preview-screen-pane-name"]')?.textContent ?? '',
      );
    // the new panes are automatic: the platform fills them with the next participants, as the window shows
    expect(names('speaker')).toEqual(['Bob', 'Alice', '', '']);
    expect(names('chair')).toEqual(['Alice']);
    const bob = screen.getByTestId('mosaic-preview').querySelector('[data-preview-role="speaker"] [data-usr-id="u2"]');
    expect(bob?.getAttribute('data-video')).toBe('off');
    expect(within(bob as HTMLElement).getByTitle('Video off')).toBeTruthy();
    expect(screen.getByTestId('mosaic-preview').querySelector('[data-preview-role="speaker"]')?.getAttribute('data-dirty')).toBe('true');
  });
});

describe('MosaicLayoutDialog while the connection is lost', () => {
  it('Apply layout waits with the reason shown, and applies once the connection is back', async () => {
    const onApply = vi.fn();
    const dialog = (lost: boolean) => (
      <ConnectionLostState value={lost}>
        <MosaicLayoutDialog opened layouts={layouts} configs={[]} participants={people} onApply={onApply} onClose={() => {}} />
      </ConnectionLostState>
    );
    const view = renderUi(dialog(true));
    fireEvent.click(await screen.findByRole('radio', { name: 'Layout 2*2' }));
    const apply = () => screen.getByRole('button', { name: 'Apply layout' }) as HTMLButtonElement;
    expect(apply().disabled).toBe(true);
    expect(screen.getByText('The connection is lost: this can be confirmed once it is back.')).toBeTruthy();
    view.rerender(dialog(false));
    expect(apply().disabled).toBe(false);
    fireEvent.click(apply());
    expect(onApply).toHaveBeenCalledTimes(1);
  });
});
