/**
 * Test helpers for participant pickers: a large online list that counts how often it is read
 * (a closed picker must not read it), the options of one picker, and opening a picker with a search.
 */
import { fireEvent, within } from '@testing-library/react';
import { staticOnline, type OnlineParticipants } from '#/session/onlineParticipants';

/** `count` online participants (`u0` "Sim 0"…) that count how often the whole list is read */
export function countingOnline(count = 5000): OnlineParticipants & { reads: number } {
  const list = Array.from({ length: count }, (_, i) => ({ usrId: `u${i}`, name: `Sim ${i}` }));
  const counted = {
    ...staticOnline(list),
    reads: 0,
    getSnapshot: () => {
      counted.reads++;
      return list;
    },
  };
  return counted;
}

/** the options of one picker (other pickers' closed lists may be in the document too) */
export function optionsOf(input: HTMLElement): HTMLElement[] {
  const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
  return listbox ? within(listbox).queryAllByRole('option', { hidden: true }) : [];
}

/** opens the picker and types `search` into it */
export function openPicker(input: HTMLElement, search: string): void {
  input.focus();
  fireEvent.click(input);
  fireEvent.change(input, { target: { value: search } });
}
