// @vitest-environment happy-dom
/**
 * The header's focus chip (issue 30): names who is in focus or whom auto focus picked, and asks
 * for auto focus or no focus; auto focus a platform does not offer is not asked for.
 */
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { installDomShims, renderUi } from '#/testing/render';
import { FocusChip } from './FocusChip';

beforeAll(installDomShims);
afterEach(cleanup);

describe('FocusChip', () => {
  it('names the one in focus, or the first and how many more', () => {
    renderUi(<FocusChip mode="specified" names={['Ann']} onMode={() => {}} />);
    expect(screen.getByRole('button', { name: 'Focus: Ann' })).toBeTruthy();
    cleanup();
    renderUi(<FocusChip mode="specified" names={['Ann', 'Ben', 'Cy']} onMode={() => {}} />);
    expect(screen.getByRole('button', { name: 'Focus: Ann +2' })).toBeTruthy();
  });

  it('in auto focus names whom the server picked, or says nobody talked yet', () => {
    renderUi(<FocusChip mode="auto" names={['Ben']} onMode={() => {}} />);
    expect(screen.getByRole('button', { name: 'Auto focus: Ben' })).toBeTruthy();
    cleanup();
    renderUi(<FocusChip mode="auto" names={[]} onMode={() => {}} />);
    expect(screen.getByRole('button', { name: 'Auto focus: nobody talking yet' })).toBeTruthy();
  });

  it('its popover asks for auto focus or no focus; auto focus not offered stays disabled', async () => {
    const asked: string[] = [];
    renderUi(<FocusChip mode="specified" names={['Ann']} onMode={(m) => asked.push(m)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Focus: Ann' }));
    const detail = await screen.findByTestId('focus-detail');
    fireEvent.click(within(detail).getByRole('button', { name: 'Auto focus', hidden: true }));
    fireEvent.click(within(detail).getByRole('button', { name: 'No focus', hidden: true }));
    expect(asked).toEqual(['auto', 'none']);
    cleanup();
    renderUi(
      <FocusChip
        mode="specified"
        names={['Ann']}
        autoOff={{ group: 'focus-modes', call: 'focus_speaker', status: 400, result: 9995 }}
        onMode={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Focus: Ann' }));
    const off = await screen.findByTestId('focus-detail');
    expect((within(off).getByRole('button', { name: 'Auto focus', hidden: true }) as HTMLButtonElement).disabled).toBe(true);
  });
});
