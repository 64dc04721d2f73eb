import { describe, expect, it, vi } from 'vitest';
import type { LoginApi } from '@machines/api';
import { CMD } from '@protocol/cmdids';
import type { VerifyCodeResponse } from '@protocol/wire';
import { CODE_AHEAD_MAX_AGE_MS, fetchCodeAhead, withCodeAhead } from './codeAhead';

const code = (n: number): VerifyCodeResponse => ({
  cmdid: CMD.verifyCode,
  base64: `picture-${n}`,
  datetime: 1_700_000_000 + n,
  code_id: `c${n}`,
  expires_in: 120,
});

/** A login api whose verify codes are numbered in the order they are asked for. */
function numberedCodes() {
  let asked = 0;
  const getVerifyCode = vi.fn(async () => code(++asked));
  const api = { getVerifyCode, login: vi.fn(), resume: vi.fn() } as unknown as LoginApi;
  return { api, getVerifyCode };
}

describe('the verify code fetched ahead', () => {
  it('is asked for at once, and the first asker gets it without a second request', async () => {
    const { api, getVerifyCode } = numberedCodes();
    const ahead = fetchCodeAhead(api);
    expect(getVerifyCode).toHaveBeenCalledTimes(1);

    const screenApi = withCodeAhead(api, ahead);
    await expect(screenApi.getVerifyCode()).resolves.toEqual(code(1));
    expect(getVerifyCode).toHaveBeenCalledTimes(1);
  });

  it('is handed out once: a new picture (refresh, failed login) is a new request', async () => {
    const { api, getVerifyCode } = numberedCodes();
    const screenApi = withCodeAhead(api, fetchCodeAhead(api));
    await screenApi.getVerifyCode();
    await expect(screenApi.getVerifyCode()).resolves.toEqual(code(2));
    expect(getVerifyCode).toHaveBeenCalledTimes(2);
  });

  it('is not handed out once it is older than the limit (a code asked for long before the screen)', async () => {
    const { api } = numberedCodes();
    let now = 1_000;
    const ahead = fetchCodeAhead(api, () => now);
    now += CODE_AHEAD_MAX_AGE_MS + 1;
    await expect(withCodeAhead(api, ahead).getVerifyCode()).resolves.toEqual(code(2));
  });

  it("hands a failure to the screen, which shows it as its own fetch's; unasked, it is no unhandled rejection", async () => {
    const failing = { getVerifyCode: vi.fn(() => Promise.reject(new Error('offline'))) } as unknown as LoginApi;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      fetchCodeAhead(failing);
      const taken = fetchCodeAhead(failing).take();
      await expect(taken).rejects.toThrow('offline');
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
