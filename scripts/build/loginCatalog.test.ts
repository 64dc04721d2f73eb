import { describe, expect, it } from 'vitest';
import { loginChunks, messageIdsIn, pickMessages, type ChunkInfo } from './loginCatalog';

const chunk = (moduleIds: string[], imports: string[] = [], more: Partial<ChunkInfo> = {}): ChunkInfo => ({
  isEntry: false,
  facadeModuleId: moduleIds[0] ?? null,
  moduleIds,
  imports,
  ...more,
});

describe('the login catalog (issue 27 item 2)', () => {
  it("takes the entry's, the login routes' and the language menu's chunks and what they import, never the other screens'", () => {
    const chunks = {
      'index.js': chunk(['/r/src/main.tsx', '/r/src/routes/__root.tsx'], ['xstate.js'], { isEntry: true }),
      'xstate.js': chunk(['/r/node_modules/xstate/index.js']),
      'login.js': chunk(['/r/src/routes/login.tsx?tsr-split=component'], ['LoginScreen.js']),
      'index-route.js': chunk(['/r/src/routes/index.tsx?tsr-split=component'], ['LoginScreen.js']),
      'LoginScreen.js': chunk(['/r/src/features/login/LoginScreen.tsx'], ['Anchor.js']),
      'Anchor.js': chunk(['/r/node_modules/@mantine/core/Anchor.mjs']),
      'LanguageMenuPopup.js': chunk(['/r/src/i18n/LanguageMenuPopup.tsx']),
      // reached only through dynamic imports (the session machines, the control screen)
      'control.js': chunk(['/r/src/routes/_authed/control.tsx?tsr-split=component'], ['session.js']),
      'session.js': chunk(['/r/src/session/createSessionActor.ts'], ['Anchor.js']),
    };
    expect([...loginChunks(chunks)].sort()).toEqual([
      'Anchor.js',
      'LanguageMenuPopup.js',
      'LoginScreen.js',
      'index-route.js',
      'index.js',
      'login.js',
      'xstate.js',
    ]);
  });

  it('reads the ids the Lingui macro wrote, in calls and in JSX', () => {
    const code = `n({id:"aECUiN"}); i18n._({ id: "TvmEtZ", values: { text } }); jsx(Trans, { id: 'IDrxc+' }); <Trans id="02vp/M" />`;
    expect(messageIdsIn(code)).toEqual(['aECUiN', 'TvmEtZ', 'IDrxc+', '02vp/M']);
  });

  it('keeps the messages whose id the login code uses and nothing else', () => {
    expect(pickMessages({ a: 'A', b: 'B', c: 'C' }, new Set(['a', 'c', 'root']))).toEqual({ a: 'A', c: 'C' });
  });
});
