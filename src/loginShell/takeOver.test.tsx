// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { loginShellHtml, controlShellHtml, shellTexts } from '../../scripts/build/loginShell';
import { takeOverShell } from './takeOver';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const texts = shellTexts(process.cwd(), 'en');
let reactRoot: Root | null = null;

afterEach(() => {
  act(() => reactRoot?.unmount());
  reactRoot = null;
  document.body.innerHTML = '';
});

function page(kind: 'login' | 'control'): { shell: HTMLElement; root: HTMLElement } {
  document.body.innerHTML = `<div id="podium-shell" data-shell="${kind}">${kind === 'login' ? loginShellHtml(texts) : controlShellHtml(texts)}</div><div id="root"></div>`;
  return { shell: document.getElementById('podium-shell')!, root: document.getElementById('root')! };
}

/** A controlled form like the login panel: what it holds is React state, set only by onChange. */
function Form({ seen, prefill = '', onSubmit }: { seen: Record<string, string>; prefill?: string; onSubmit?: () => void }) {
  const [values, setValues] = useState<Record<string, string>>({ 'mr-id': prefill, password: '', code: '' });
  Object.assign(seen, values);
  return (
    <main>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit?.();
        }}
      >
        {['mr-id', 'password', 'code'].map((name) => (
          // the first field takes focus as the login panel's does, stealing it from the shell
          <input
            key={name}
            name={name}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- the login form under test focuses its first field (issue 14)
            autoFocus={name === 'mr-id'}
            value={values[name]}
            onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          />
        ))}
      </form>
    </main>
  );
}

/** Renders, then lets the DOM's mutation observers run (happy-dom delivers them after a timer). */
async function draw(element: React.ReactElement): Promise<void> {
  await act(async () => {
    reactRoot!.render(element);
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

function shellInput(shell: HTMLElement, name: string): HTMLInputElement {
  return shell.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
}

describe('takeOverShell', () => {
  it('keeps the shell until the app has drawn, then carries typed text, focus and caret into the app', async () => {
    const { shell, root } = page('login');
    shellInput(shell, 'mr-id').value = '8008038';
    const password = shellInput(shell, 'password');
    password.value = '12345';
    password.focus();
    password.setSelectionRange(2, 2);
    takeOverShell(root);
    expect(document.getElementById('podium-shell')).not.toBeNull();

    const seen: Record<string, string> = {};
    reactRoot = createRoot(root);
    await draw(<Form seen={seen} />);

    expect(document.getElementById('podium-shell')).toBeNull();
    expect(seen).toEqual({ 'mr-id': '8008038', password: '12345', code: '' });
    const appPassword = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(document.activeElement).toBe(appPassword);
    expect([appPassword.selectionStart, appPassword.selectionEnd]).toEqual([2, 2]);
  });

  it("leaves the app's own prefill when the shell's field was left as it was", async () => {
    const { shell, root } = page('login');
    shellInput(shell, 'code').value = 'AB12';
    takeOverShell(root);
    const seen: Record<string, string> = {};
    reactRoot = createRoot(root);
    await draw(<Form seen={seen} prefill="0123" />);
    expect(seen).toEqual({ 'mr-id': '0123', password: '', code: 'AB12' });
  });

  it('submits in the app what was submitted in the shell', async () => {
    const { shell, root } = page('login');
    shell.querySelector('form')!.setAttribute('data-submitted', '');
    takeOverShell(root);
    let submitted = 0;
    reactRoot = createRoot(root);
    await draw(<Form seen={{}} onSubmit={() => submitted++} />);
    expect(submitted).toBe(1);
  });

  it('takes the control shell away once the app shows its screen', async () => {
    const { root } = page('control');
    takeOverShell(root);
    reactRoot = createRoot(root);
    await draw(<div />);
    expect(document.getElementById('podium-shell')).not.toBeNull();
    await draw(<header>Podium</header>);
    expect(document.getElementById('podium-shell')).toBeNull();
  });
});
