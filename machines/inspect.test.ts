import { describe, expect, it } from 'vitest';
import { ParticipantStore } from './participants/participantStore';
import { sanitizeContext, sanitizeEvent, sanitizeSnapshotData, wantsInspector } from './inspect';

describe('inspector', () => {
  it('is wanted only in development with ?inspect', () => {
    expect(wantsInspector('?inspect', true)).toBe(true);
    expect(wantsInspector('?inspect', false)).toBe(false);
    expect(wantsInspector('?mr-id=1', true)).toBe(false);
  });

  it('strips ports, passwords, codes and keys, and summarises the participant store', () => {
    const out = sanitizeContext({
      api: { post: () => 0 },
      password: 'p',
      code: 'AB12',
      login: { mrId: '1', signKey: 'k' },
      store: new ParticipantStore(),
      mrId: '1',
    }) as Record<string, unknown>;
    expect(out).toMatchObject({
      api: '[port]',
      password: '[secret]',
      code: '[secret]',
      login: { mrId: '1', signKey: '[secret]' },
      mrId: '1',
    });
    expect(out.store).toEqual({ size: 0, counts: { total: 0, online: 0, handUp: 0, waiting: 0 }, version: 0 });
    expect(JSON.stringify(out)).not.toContain('AB12');
  });

  it('strips the resume token from the session context and from resume events', () => {
    const token = 'r3sum3-t0k3n-value';
    const ctx = sanitizeContext({ login: { mrId: '1', resumeToken: token }, answer: { resume_token: token } });
    expect(ctx).toEqual({ login: { mrId: '1', resumeToken: '[secret]' }, answer: { resume_token: '[secret]' } });
    const event = sanitizeEvent({ type: 'session.resumed', login: { mrId: '1', resumeToken: token } });
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it('strips the input and output of promise actors (a resume answer carries the new token and key)', () => {
    const token = 'r3sum3-t0k3n-value';
    const event = {
      type: '@xstate.snapshot',
      snapshot: {
        status: 'done',
        input: { mrId: '1', resumeToken: token },
        output: { answer: { resume_token: token, sign_key: 'k' }, api: {} },
      },
    };
    const out = sanitizeSnapshotData(event);
    expect(JSON.stringify(out)).not.toContain(token);
    expect(JSON.stringify(out)).not.toContain('"k"');
    expect(out.snapshot.input).toEqual({ mrId: '1', resumeToken: '[secret]' });
    expect(sanitizeSnapshotData({ type: '@xstate.event', event: { type: 'x' } })).toEqual({ type: '@xstate.event', event: { type: 'x' } });
  });

  it('strips a typed password from login.edit events', () => {
    expect(sanitizeEvent({ type: 'login.edit', field: 'password', value: 'p' })).toEqual({
      type: 'login.edit',
      field: 'password',
      value: '[secret]',
    });
  });
});
