// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { browserStore } from './browserStore';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('browserStore', () => {
  it('keeps the language, meeting id, ports and standalone flag in localStorage', () => {
    browserStore.setLanguage('en');
    browserStore.setMrId('0123');
    browserStore.setPorts({ http: 8080, https: 0 });
    browserStore.setStandalone(true);
    expect(browserStore.language()).toBe('en');
    expect(browserStore.mrId()).toBe('0123');
    expect(browserStore.ports()).toEqual({ http: 8080, https: 0 });
    expect(browserStore.standalone()).toBe(true);
    expect(Object.keys(localStorage).length).toBe(4);
  });

  it('keeps the session record only in this tab (sessionStorage)', () => {
    browserStore.setSessionRecord({ a: 1 });
    expect(browserStore.sessionRecord()).toEqual({ a: 1 });
    expect(localStorage.length).toBe(0);
    browserStore.setSessionRecord(null);
    expect(browserStore.sessionRecord()).toBeNull();
  });

  it('reads tampered values as nothing stored', () => {
    localStorage.setItem('podium.language', 'fr');
    localStorage.setItem('podium.ports', '{"http":"x"}');
    localStorage.setItem('podium.standalone', 'not json');
    sessionStorage.setItem('podium.session', '{broken');
    expect(browserStore.language()).toBeNull();
    expect(browserStore.ports()).toBeNull();
    expect(browserStore.standalone()).toBeNull();
    expect(browserStore.sessionRecord()).toBeNull();
  });
});
