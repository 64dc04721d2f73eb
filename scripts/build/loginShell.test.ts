import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { LAYER_ORDER, loginStylesLayer, preloadOf } from './loginShell';

/** A bundle's chunk: only what preloadOf reads. */
function chunk(fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false): Rollup.OutputChunk {
  return { type: 'chunk', fileName, moduleIds, imports, isEntry } as unknown as Rollup.OutputChunk;
}

describe('preloadOf', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', ['/p/src/main.tsx'], ['assets/react.js'], true),
      chunk('assets/react.js', ['/p/node_modules/react-dom/index.js']),
      chunk('assets/login.js', ['/p/src/routes/login.tsx?tsr-split=component'], ['assets/xstate.js', 'assets/react.js']),
      chunk('assets/xstate.js', ['/p/node_modules/xstate/dist/xstate.esm.js']),
      chunk('assets/control.js', ['/p/src/routes/_authed/control.tsx?tsr-split=component'], ['assets/table.js', 'assets/xstate.js']),
      chunk('assets/table.js', ['/p/src/features/participants/ParticipantTable.tsx']),
      chunk('assets/session.js', ['/p/src/session/createSessionActor.ts'], ['assets/xstate.js']),
      chunk('assets/messages-en.js', ['/p/locales/en/messages.po']),
      chunk('assets/messages-zh.js', ['/p/locales/zh/messages.po']),
      chunk('assets/login-catalog-en.js', ['\0podium-login-catalog:en']),
      chunk('assets/login-catalog-zh.js', ['\0podium-login-catalog:zh']),
      chunk('assets/report.js', ['/p/src/routes/report.tsx?tsr-split=component']),
    ].map((c) => [c.fileName, c]),
  ) as Rollup.OutputBundle;

  it('gives each screen its route chunks and their imports, less what the entry loads', () => {
    const p = preloadOf(bundle);
    expect(p.login.sort()).toEqual(['./assets/login.js', './assets/xstate.js']);
    expect(p.control.sort()).toEqual(['./assets/control.js', './assets/session.js', './assets/table.js', './assets/xstate.js']);
  });

  it('gives each language its own catalog only', () => {
    const p = preloadOf(bundle);
    expect(p.en).toEqual(['./assets/messages-en.js']);
    expect(p.zh).toEqual(['./assets/messages-zh.js']);
  });

  it("gives the login screen its share of each language's catalog, not the whole catalog (issue 27 item 2)", () => {
    const p = preloadOf(bundle);
    expect(p['login.en']).toEqual(['./assets/login-catalog-en.js']);
    expect(p['login.zh']).toEqual(['./assets/login-catalog-zh.js']);
  });
});

describe('loginStylesLayer', () => {
  const transform = (code: string, id: string) => {
    const hook = loginStylesLayer().transform as (code: string, id: string) => { code: string } | null;
    return hook(code, id);
  };

  it('puts a Mantine component stylesheet in the mantine-login layer, which ranks below mantine', () => {
    const out = transform('@layer mantine {.m_1 {padding: 0}}', '/p/node_modules/@mantine/core/styles/UnstyledButton.layer.css');
    expect(out?.code).toBe('@layer mantine-login {.m_1 {padding: 0}}');
    expect(LAYER_ORDER).toBe('@layer mantine-login, mantine;');
  });

  it('leaves Mantine’s whole stylesheet and the app’s own styles alone', () => {
    expect(transform('@layer mantine {.m_1 {}}', '/p/node_modules/@mantine/core/styles.layer.css')).toBeNull();
    expect(transform('@layer mantine {.m_2 {}}', '/p/node_modules/@mantine/notifications/styles.layer.css')).toBeNull();
    expect(transform('.a {}', '/p/src/toasts.module.css')).toBeNull();
  });
});
