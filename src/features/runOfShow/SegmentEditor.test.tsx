// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createTestI18n, renderUi } from '#/testing/render';
import { staticOnline } from '#/session/onlineParticipants';
import { consoleMeetingView } from './runOfShowModel';
import { SegmentEditor } from './SegmentEditor';

const online = staticOnline([{ usrId: 'u1', name: 'Steady 01' }]);
const layouts = [
  { id: '1', panes: 1 },
  { id: '2*2', panes: 4 },
];

afterEach(cleanup);

describe('SegmentEditor', () => {
  it('saves the name, banner text per language and timer; untouched settings stay out of the segment', async () => {
    const onSave = vi.fn();
    renderUi(
      <SegmentEditor segment={{ id: 's1', name: 'Opening' }} online={online} layouts={layouts} onSave={onSave} onCancel={() => {}} />,
      await createTestI18n('en'),
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Segment name' }), { target: { value: 'Welcome' } });
    fireEvent.click(screen.getByLabelText('Banner', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'On' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Banner (English)' }), { target: { value: 'Welcome all' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Set a timer' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Timer (minutes)' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const seg = onSave.mock.calls[0][0];
    expect(seg).toMatchObject({ id: 's1', name: 'Welcome', banner: { text: { zh: '', en: 'Welcome all' } }, timer: { secs: 120 } });
    expect(seg).not.toHaveProperty('main_venue');
    expect(seg).not.toHaveProperty('recording');
  });

  it('a banner switched on without text is refused with the reason, nothing saved', async () => {
    const onSave = vi.fn();
    renderUi(
      <SegmentEditor
        segment={{ id: 's1', name: 'A', banner: null }}
        online={online}
        layouts={layouts}
        onSave={onSave}
        onCancel={() => {}}
      />,
      await createTestI18n('en'),
    );
    fireEvent.click(screen.getByLabelText('Banner', { selector: 'input' }));
    fireEvent.click(await screen.findByRole('option', { name: 'On' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save segment' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText('Type the banner in at least one language.')).toBeTruthy();
  });
});

describe('consoleMeetingView', () => {
  it('reads main venue, honoured guests and the unmuted from the participants’ flags; only the online count', () => {
    const view = consoleMeetingView(
      { spk_usr_id: 'u1', all_guests_mute: 1, rec_state: 'recording', live_enabled: 0 },
      [],
      [{ to_role: 'all', has_title: 1, message: 'Hi' } as never],
      [
        { usr_id: 'u1', online: 1, usr_stat: '1000000000000000' },
        { usr_id: 'u2', online: 1, usr_stat: '0000010000000000' },
        { usr_id: 'u3', online: 0, usr_stat: '' },
      ],
    );
    expect(view).toMatchObject({
      main_venue: 'u1',
      guests: ['u2'],
      unmuted: ['u1'],
      audience_muted: true,
      recording: true,
      live: false,
      banner: { message: 'Hi' },
    });
    expect([...view.online]).toEqual(['u1', 'u2']);
  });
});
