import { describe, expect, it, vi } from 'vitest';
import { setupI18n } from '@lingui/core';
import { RC } from '@protocol/resultCodes';

describe('the result codes’ texts, loaded when first needed (src/i18n/codeTexts.ts)', () => {
  it('a refused request waits for them, so whoever hears of the refusal words it from the table', async () => {
    // a fresh set of modules: the test setup loads the texts for every other test
    vi.resetModules();
    const { codeTexts } = await import('#/i18n/codeTexts');
    const { resultCodeText } = await import('#/i18n/messages');
    const { onRequestFailure } = await import('./failureReports');
    const { createTransport } = await import('./transport');
    expect(codeTexts()).toBeUndefined();

    const i18n = setupI18n({ locale: 'en', messages: { en: {}, zh: {} } });
    const heard: (string | null)[] = [];
    const off = onRequestFailure((e) => heard.push(e.result === undefined ? null : resultCodeText(i18n, e.result)));
    const transport = createTransport(
      {
        baseUrl: 'http://console.test',
        fetch: async () =>
          new Response(JSON.stringify({ result: RC.meetingLocked }), { status: 403, headers: { 'Content-Type': 'application/json' } }),
      },
      async () => undefined,
    );
    const thrown = await transport.request({ method: 'GET', path: '/rest/v1/meetings/8008038', unsigned: true }).catch((e: unknown) => e);
    off();

    expect(heard).toEqual(['The meeting is locked']);
    // the caller, too, finds them once the request has thrown
    expect(resultCodeText(i18n, (thrown as { result: number }).result)).toBe('The meeting is locked');
    i18n.activate('zh');
    expect(resultCodeText(i18n, RC.meetingLocked)).toBe('会议已锁定');
  });

  it('without them, a code is still named by its number', async () => {
    vi.resetModules();
    const { resultCodeText } = await import('#/i18n/messages');
    const i18n = setupI18n({ locale: 'en', messages: { en: {} } });
    expect(resultCodeText(i18n, RC.meetingLocked)).toBe(`Request failed (code ${RC.meetingLocked})`);
  });
});
