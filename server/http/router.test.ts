import { describe, expect, it } from 'vitest';
import { ClientGoneSignal, json, Router } from './router';

describe('Router', () => {
  const router = new Router();
  const h = (name: string) => () => json(200, { name });
  router.post('/rest/v1/meetings/:mrId/sessions/:sessId/changes', h('changes'));
  router.get('/rest/v1/meetings/:mrId/sessions/:sessId/mr-status', h('status-get'));
  router.post('/rest/v1/meetings/:mrId/sessions/:sessId/mr-status', h('status-post'));
  router.post('/rest/v1/meetings/forward_mmgr', h('forward'));

  it('matches literal segments and decodes parameters, with or without a trailing slash', () => {
    const m = router.match('POST', '/rest/v1/meetings/8008038/sessions/a%20b/changes/');
    expect('handler' in m && m.params).toEqual({ mrId: '8008038', sessId: 'a b' });
    const f = router.match('POST', '/rest/v1/meetings/forward_mmgr');
    expect('handler' in f && f.params).toEqual({});
  });

  it('tells a wrong method (405) from an unknown path (404) and refuses bad escapes', () => {
    expect(router.match('DELETE', '/rest/v1/meetings/1/sessions/2/mr-status')).toEqual({ methodMismatch: true });
    expect(router.match('POST', '/rest/v1/meetings/1/sessions/2/nothing')).toEqual({ methodMismatch: false });
    expect(router.match('POST', '/rest/v1/meetings/%E0%A4%A/sessions/2/changes')).toEqual({ methodMismatch: false });
  });
});

describe('ClientGoneSignal', () => {
  it('calls each listener once on abort, not the removed ones, and none added afterwards', () => {
    const s = new ClientGoneSignal();
    const calls: string[] = [];
    const a = () => calls.push('a');
    const b = () => calls.push('b');
    s.addEventListener('abort', a);
    s.addEventListener('abort', b);
    s.removeEventListener('abort', a);
    expect(s.aborted).toBe(false);
    s.abort();
    s.abort();
    s.addEventListener('abort', a);
    expect(s.aborted).toBe(true);
    expect(calls).toEqual(['b']);
  });
});
