// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { createTestI18n, renderUi } from '#/testing/render';
import { defaultBanner, type Segment } from '@protocol/runOfShow';
import { staticOnline } from '#/session/onlineParticipants';
import { SegmentEditor } from '../SegmentEditor';

const online = staticOnline([
  { usrId: 'u1', name: 'Steady 01' },
  { usrId: 'u2', name: 'Steady 02' },
]);
const layouts = [
  { id: '1', panes: 1 },
  { id: '2*2', panes: 4 },
];

afterEach(cleanup);

async function editor(segment: Segment) {
  const onSave = vi.fn();
  renderUi(
    <SegmentEditor segment={segment} online={online} layouts={layouts} onSave={onSave} onCancel={() => {}} />,
    await createTestI18n('en'),
  );
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
  return { onSave, save, saved: () => onSave.mock.calls.at(-1)![0] as Segment };
}

async function pick(section: string, label: string, option: string) {
  const box = within(screen.getByTestId(section));
  const input = box.getByLabelText(label, { selector: 'input' });
  fireEvent.click(input);
  // Mantine under happy-dom sometimes takes the first click after another picker as a close
  if (input.getAttribute('aria-expanded') !== 'true') fireEvent.click(input);
  fireEvent.click(await screen.findByRole('option', { name: option }, { timeout: 5000 }));
}

describe('honoured guests section', () => {
  it('sets exactly the picked participants, and unset leaves the guests out of the segment', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set honoured guests' }));
    await pick('segment-guests', 'Honoured guests after Take', 'Steady 02');
    save();
    expect(saved().guests).toEqual(['u2']);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set honoured guests' }));
    save();
    expect(saved()).not.toHaveProperty('guests');
  });

  it('set with nobody picked means no honoured guests after Take', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set honoured guests' }));
    save();
    expect(saved().guests).toEqual([]);
  });
});

describe('mute policy section', () => {
  it('mute all with the listed participants unmuted; a segment read back keeps its policy; unset drops it', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set the mute policy' }));
    expect((screen.getByRole('checkbox', { name: 'Mute all' }) as HTMLInputElement).checked).toBe(true);
    await pick('segment-mute', 'Unmute these participants', 'Steady 01');
    save();
    expect(saved().mute).toEqual({ audience_muted: true, unmute: ['u1'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mute all' }));
    save();
    expect(saved().mute).toEqual({ audience_muted: false, unmute: ['u1'] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set the mute policy' }));
    save();
    expect(saved()).not.toHaveProperty('mute');
  });

  it('shows the unmuted of a saved segment by name', async () => {
    await editor({ id: 's', name: 'A', mute: { audience_muted: false, unmute: ['u2'] } });
    expect(within(screen.getByTestId('segment-mute')).getByText('Steady 02')).toBeTruthy();
  });
});

describe('layouts section', () => {
  it('sets the layout of each role with its polling interval; a role left as is stays out', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A' });
    await pick('segment-layouts', 'Custom layout', '2*2');
    fireEvent.change(screen.getByRole('textbox', { name: 'Custom layout: polling every (seconds)' }), { target: { value: '30' } });
    save();
    expect(saved().mosaics).toEqual({
      custom: { mosic_id: '2*2', roles_lst: [['1010'], ['0'], ['0'], ['0']], poll_secs: 30, view_has_self: 0 },
    });
  });

  it('the custom layout offers no automatic choice; a polling interval out of range is refused with the reason', async () => {
    const { onSave, save } = await editor({
      id: 's',
      name: 'A',
      mosaics: { guest: { mosic_id: '1', roles_lst: [['u1']], poll_secs: 10, view_has_self: 0 } },
    });
    fireEvent.click(within(screen.getByTestId('segment-layouts')).getByLabelText('Custom layout', { selector: 'input' }));
    expect(screen.queryByRole('option', { name: 'Automatic' })).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Audience layout: polling every (seconds)' }), { target: { value: '5000' } });
    save();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('0 to 3,600 seconds (0: no polling).')).toBeTruthy();
  });

  it('an unchanged layout keeps its panes (from capture or import)', async () => {
    const { save, saved } = await editor({
      id: 's',
      name: 'A',
      mosaics: { guest: { mosic_id: '1', roles_lst: [['u1']], poll_secs: 10, view_has_self: 0 } },
    });
    save();
    expect(saved().mosaics).toEqual({ guest: { mosic_id: '1', roles_lst: [['u1']], poll_secs: 10, view_has_self: 0 } });
  });
});

describe('banner section', () => {
  it('sets the style with the text', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A' });
    await pick('segment-banner', 'Banner', 'On');
    fireEvent.change(screen.getByRole('textbox', { name: 'Banner (Chinese)' }), { target: { value: '欢迎' } });
    await pick('segment-banner', 'Banner style', 'Scrolling');
    save();
    expect(saved().banner).toMatchObject({ text: { zh: '欢迎', en: '' }, style: 3, v_align: 2, h_align: 1, to_role: 'all' });
  });

  it('off saves the banner off', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A', banner: defaultBanner({ en: 'Hi' }) });
    await pick('segment-banner', 'Banner', 'Off');
    save();
    expect(saved().banner).toBeNull();
  });
});

describe('banner position', () => {
  it('sets where the banner sits', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A', banner: { ...defaultBanner({ en: 'Hi' }) } });
    await pick('segment-banner', 'Banner vertical position', 'Top');
    save();
    expect(saved().banner).toMatchObject({ text: { en: 'Hi' }, v_align: 0 });
  });
});

describe('timer section', () => {
  it('sets duration, warning share and showing on the endpoints', async () => {
    const { save, saved } = await editor({ id: 's', name: 'A' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set a timer' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Timer (minutes)' }), { target: { value: '3' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Warn at (% of the time)' }), { target: { value: '90' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Show on the endpoints' }));
    save();
    expect(saved().timer).toEqual({ secs: 180, warn_share: 0.9, on_endpoints: true });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set a timer' }));
    save();
    expect(saved()).not.toHaveProperty('timer');
  });

  it('keeps the endpoint target of a timer through an edit, and sets one', async () => {
    const { save, saved } = await editor({
      id: 's',
      name: 'A',
      timer: { secs: 120, warn_share: 0.8, on_endpoints: true, to_role: 'speaker' },
    });
    save();
    expect(saved().timer).toEqual({ secs: 120, warn_share: 0.8, on_endpoints: true, to_role: 'speaker' });
    await pick('segment-timer', 'Timer shown to', 'Audience');
    save();
    expect(saved().timer?.to_role).toBe('guest');
  });

  it('a timer shown to those the banner is shown to carries no target of its own', async () => {
    const { save, saved } = await editor({
      id: 's',
      name: 'A',
      timer: { secs: 120, warn_share: 0.8, on_endpoints: true, to_role: 'guest' },
    });
    await pick('segment-timer', 'Timer shown to', 'Those the banner is shown to');
    save();
    expect(saved().timer).toEqual({ secs: 120, warn_share: 0.8, on_endpoints: true });
  });

  it('a warning share outside 50–99 % or an empty duration is refused with the reasons', async () => {
    const { onSave, save } = await editor({ id: 's', name: 'A', timer: { secs: 60, warn_share: 0.8, on_endpoints: false } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Warn at (% of the time)' }), { target: { value: '30' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Timer (minutes)' }), { target: { value: '' } });
    save();
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('The warning comes at 50 to 99 % of the time.')).toBeTruthy();
    expect(screen.getByText('A timer runs from 0.1 to 1,440 minutes.')).toBeTruthy();
  });
});
