// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createMemoryHistory } from '@tanstack/react-router';
import { createAppRouter } from './router';
import { MR_ID, parseSearch, stringifySearch, validateAppSearch } from './search';
import { SessionHolder } from './session/sessionHolder';

const memoryStore = () => {
  let record: unknown = null;
  return {
    sessionRecord: () => record,
    setSessionRecord: (r: unknown) => {
      record = r;
    },
    setMrId: () => {},
    setStandalone: () => {},
  };
};

const offline = () => Promise.reject(new Error('offline'));
const offlineApis = {
  login: { getVerifyCode: offline, login: offline },
  platform: { getPlatform: offline, info: offline, settings: offline, isStandalone: offline, oemIconTitle: offline, nginxConfig: offline },
};

describe('mr-id in the URL', () => {
  it.each(['0123', '123', 'abc', '1e3', '007', '8008038'])('%s survives parse → validate → stringify', (id) => {
    const search = validateAppSearch(parseSearch(`?${MR_ID}=${id}`));
    expect(search[MR_ID]).toBe(id);
    expect(stringifySearch(search)).toBe(`?${MR_ID}=${id}`);
  });

  it('a number from another writer is coerced to its string', () => {
    expect(validateAppSearch({ [MR_ID]: 123 })).toEqual({ [MR_ID]: '123' });
  });

  it('absent or empty mr-id validates to no mr-id', () => {
    expect(validateAppSearch({})).toEqual({});
    expect(validateAppSearch({ [MR_ID]: '' })).toEqual({});
    expect(validateAppSearch({ [MR_ID]: { nested: 1 } })).toEqual({});
  });

  it.each(['0123', '123'])('the router keeps %s as a string through navigation and redirects', async (id) => {
    const history = createMemoryHistory({ initialEntries: ['/'] });
    const router = createAppRouter({ session: new SessionHolder(null, memoryStore()), apis: offlineApis }, { basepath: '/', history });
    await router.load();
    await router.navigate({ to: '/login', search: { [MR_ID]: id } });
    expect(router.state.location.href).toBe(`/login?${MR_ID}=${id}`);
    expect(router.state.location.search).toEqual({ [MR_ID]: id });
    // a guarded page without a session redirects to /login, retaining mr-id as written
    await router.navigate({ to: '/', search: {} });
    await router.navigate({ to: '/control', search: { [MR_ID]: id } });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.href).toBe(`/login?${MR_ID}=${id}`);
    expect(router.state.location.search[MR_ID]).toBe(id);
  });

  it('a URL typed with 0123 reads back as the string 0123', async () => {
    const history = createMemoryHistory({ initialEntries: [`/login?${MR_ID}=0123`] });
    const router = createAppRouter({ session: new SessionHolder(null, memoryStore()), apis: offlineApis }, { basepath: '/', history });
    await router.load();
    expect(router.state.location.search).toEqual({ [MR_ID]: '0123' });
  });
});
