// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { DIALOG_CLOSE_ATTRIBUTE, installDialogInitialFocus } from './dialogFocus';

function dialogWithField(): { opener: HTMLButtonElement; close: HTMLButtonElement; field: HTMLInputElement } {
  document.body.innerHTML = `
    <button id="opener">Open</button>
    <section role="dialog">
      <header><button id="close" ${DIALOG_CLOSE_ATTRIBUTE}>×</button></header>
      <div class="mantine-Modal-body"><input type="hidden" /><input id="field" /></div>
    </section>`;
  return {
    opener: document.getElementById('opener') as HTMLButtonElement,
    close: document.getElementById('close') as HTMLButtonElement,
    field: document.getElementById('field') as HTMLInputElement,
  };
}

describe('dialog initial focus', () => {
  let remove = () => {};
  afterEach(() => remove());

  it('focus arriving on the close button from outside the dialog moves to its first field', () => {
    const { opener, close, field } = dialogWithField();
    remove = installDialogInitialFocus(document);
    opener.focus();
    close.focus();
    expect(document.activeElement).toBe(field);
  });

  it("a drawer (the transcript panel) is a dialog like the others: focus moves past its close button to its body's first field", () => {
    document.body.innerHTML = `
      <button id="opener">Open</button>
      <section role="dialog">
        <header><button id="close" ${DIALOG_CLOSE_ATTRIBUTE}>×</button></header>
        <div class="mantine-Drawer-body"><input id="field" /></div>
      </section>`;
    remove = installDialogInitialFocus(document);
    (document.getElementById('opener') as HTMLButtonElement).focus();
    (document.getElementById('close') as HTMLButtonElement).focus();
    expect(document.activeElement).toBe(document.getElementById('field'));
  });

  it('Shift+Tab from inside the dialog onto the close button leaves it there', () => {
    const { close, field } = dialogWithField();
    remove = installDialogInitialFocus(document);
    field.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true }));
    close.focus();
    expect(document.activeElement).toBe(close);
  });

  it('a Tab pressed outside the dialog just before it opened does not keep focus on its close button', () => {
    const { opener, close, field } = dialogWithField();
    remove = installDialogInitialFocus(document);
    opener.focus();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: true }));
    close.focus();
    expect(document.activeElement).toBe(field);
    close.focus();
    expect(document.activeElement).toBe(field);
  });

  it('focus put back on the close button without a key (the focus trap after its transition) moves on to the first field', () => {
    const { opener, close, field } = dialogWithField();
    remove = installDialogInitialFocus(document);
    opener.focus();
    close.focus();
    expect(document.activeElement).toBe(field);
    close.focus();
    expect(document.activeElement).toBe(field);
  });

  it('a dialog whose field arrives after it opened moves focus there once it does', async () => {
    const { opener, close, field } = dialogWithField();
    const body = field.parentElement!;
    field.remove();
    remove = installDialogInitialFocus(document);
    opener.focus();
    close.focus();
    expect(document.activeElement).toBe(close);
    body.append(field);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(field);
  });

  it('a dialog without fields keeps focus on its close button', () => {
    const { opener, close, field } = dialogWithField();
    field.remove();
    remove = installDialogInitialFocus(document);
    opener.focus();
    close.focus();
    expect(document.activeElement).toBe(close);
  });
});

describe('dialog focus return', () => {
  it('a dialog removed from the page while focus is in it gives focus back to its opener', async () => {
    const { opener, close } = dialogWithField();
    const remove = installDialogInitialFocus(document);
    opener.focus();
    close.focus();
    document.querySelector('[role="dialog"]')!.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(opener);
    remove();
  });

  it('a dialog that focused its own first field (data-autofocus) still gives focus back to its opener', async () => {
    const { opener, field } = dialogWithField();
    const remove = installDialogInitialFocus(document);
    opener.focus();
    field.focus();
    document.querySelector('[role="dialog"]')!.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(opener);
    remove();
  });

  it("a dialog opened from a dialog that closed meanwhile (booking from the management dialog) gives focus back to the first dialog's opener", async () => {
    document.body.innerHTML = `
      <button id="opener">Platform management login</button>
      <section role="dialog" id="first"><div class="mantine-Modal-body"><button id="book">Book next meeting</button></div></section>`;
    const remove = installDialogInitialFocus(document);
    (document.getElementById('opener') as HTMLElement).focus();
    (document.getElementById('book') as HTMLElement).focus();
    const second = document.createElement('section');
    second.setAttribute('role', 'dialog');
    second.innerHTML = '<div class="mantine-Modal-body"><input id="name" /></div>';
    document.body.append(second);
    (document.getElementById('name') as HTMLElement).focus();
    document.getElementById('first')!.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.getElementById('name'));
    second.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.getElementById('opener'));
    remove();
  });

  it('a dialog opened from a menu item gives focus back to the menu button', async () => {
    document.body.innerHTML = `
      <button id="menu-button" aria-controls="m1">Operations</button>
      <div role="menu" id="m1"><button id="item" role="menuitem">Rename</button></div>
      <section role="dialog"><button id="close" ${DIALOG_CLOSE_ATTRIBUTE}>×</button><div class="mantine-Modal-body"><input /></div></section>`;
    const remove = installDialogInitialFocus(document);
    (document.getElementById('item') as HTMLElement).focus();
    (document.getElementById('close') as HTMLElement).focus();
    document.getElementById('m1')!.remove();
    document.querySelector('[role="dialog"]')!.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(document.activeElement).toBe(document.getElementById('menu-button'));
    remove();
  });
});
