import { beforeEach, describe, expect, it } from 'vitest';
import { ATTENDANCE_PAGE_MAX } from '../../protocol/attendance';
import { RC } from '../../protocol/codes';
import { GONE, makeHarness, MR, useTransport } from '../engine/testing/harness';
import { REPORT_PATH, REPORT_TOKEN_HEADER } from './attendanceRoutes';

// over real HTTP: the query and the header travel as a console sends them, signed
beforeEach(() => useTransport('http'));

const lively = () => makeHarness({ config: { simEndpoints: 60, sessionTimeoutMs: 3600_000 }, simActivity: 0.2 });

describe('GET attendance', () => {
  it('walks the whole history in pages by the cursor: every person once, in usr_id order', async () => {
    const h = lively();
    const host = h.login();
    await h.tick(300);
    const seen: string[] = [];
    let after = '';
    let total = 0;
    for (let pages = 0; pages < 100; pages++) {
      const r = await host.get(`attendance?limit=7${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      expect(r.status).toBe(200);
      expect(r.body.cmdid).toBe('attendance');
      expect(r.body.mr_id).toBe(MR);
      expect(r.body.records.length).toBeLessThanOrEqual(7);
      total = r.body.total;
      seen.push(...r.body.records.map((x: { usr_id: string }) => x.usr_id));
      if (!r.body.next_after) break;
      after = r.body.next_after;
    }
    expect(seen.length).toBe(total);
    expect(total).toBeGreaterThan(60);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual([...seen].sort());
    h.engine.stop();
  });

  it('refuses bad paging with the field named, and reads nothing', async () => {
    const h = lively();
    const host = h.login();
    for (const [query, field] of [
      ['limit=0', 'limit'],
      [`limit=${ATTENDANCE_PAGE_MAX + 1}`, 'limit'],
      ['limit=ten', 'limit'],
      ['limit=-5', 'limit'],
      ['limit=1&limit=2', 'limit'],
      ['after=', 'after'],
      [`after=${'u'.repeat(129)}`, 'after'],
      ['offset=10', 'offset'],
    ]) {
      const r = await host.get(`attendance?${query}`);
      expect(r.status, query).toBe(400);
      expect(r.body, query).toEqual({ cmdid: 'error', result: RC.fieldWrongType, detail: field });
    }
    expect((await host.get(`attendance?limit=${ATTENDANCE_PAGE_MAX}`)).status).toBe(200);
    h.engine.stop();
  });

  it('is for a controller of the meeting only: no session, a session logged out, another meeting’s session are refused', async () => {
    const h = lively();
    const host = h.login();
    const r = await h.call('GET', `/rest/v1/meetings/${MR}/sessions/no-such-session/attendance`);
    expect(GONE).toContain(r.status);
    const other = [...h.engine.rooms.keys()].find((id) => id !== MR)!;
    expect(GONE).toContain((await h.call('GET', `/rest/v1/meetings/${other}/sessions/${host.sessId}/attendance`)).status);
    expect((await host.post('logout_req', { cmdid: 'logout_req' })).status).toBe(200);
    expect(GONE).toContain((await host.get('attendance')).status);
    h.engine.stop();
  });
});

describe('the report after the meeting (report token)', () => {
  it('reads the ended meeting by its token while the session is gone; refuses no token and a wrong one', async () => {
    const h = lively();
    const host = h.login();
    await h.tick(120);
    const live = await host.get('attendance?limit=1000');
    const token: string = live.body.report_token;
    expect(live.body.meeting_end).toBeUndefined();
    expect((await host.post('mr-status', { cmdid: 'stop_mr_req' })).status).toBe(200);
    expect(GONE).toContain((await host.get('attendance')).status);

    const report = await h.call('GET', `${REPORT_PATH}?limit=1000`, undefined, undefined, { [REPORT_TOKEN_HEADER]: token });
    expect(report.status).toBe(200);
    expect(report.body.meeting_end).toBeGreaterThanOrEqual(live.body.meeting_start);
    expect(report.body.expires_at).toBe(report.body.meeting_end + 72 * 3600);
    expect(report.body.total).toBe(report.body.records.length);
    // every stay is closed by the end of the meeting
    for (const rec of report.body.records) for (const iv of rec.intervals) expect(iv.leave, rec.usr_id).toBeDefined();

    const none = await h.call('GET', REPORT_PATH);
    expect(none).toEqual({ status: 403, body: { cmdid: 'error', result: RC.noAccessRights, detail: REPORT_TOKEN_HEADER } });
    const wrong = await h.call('GET', REPORT_PATH, undefined, undefined, { [REPORT_TOKEN_HEADER]: 'A'.repeat(43) });
    expect(wrong).toEqual({ status: 404, body: { cmdid: 'error', result: RC.meetingNotFound, detail: 'report' } });
    const bad = await h.call('GET', `${REPORT_PATH}?limit=0`, undefined, undefined, { [REPORT_TOKEN_HEADER]: token });
    expect(bad.status).toBe(400);
    h.engine.stop();
  });

  it('is not offered in strict platform mode without the attendance group: both paths answer as unknown', async () => {
    const h = makeHarness({ config: { simEndpoints: 4, wire: 'platform' }, simActivity: 0 });
    const host = h.login();
    expect((await host.get('attendance')).status).toBe(404);
    expect((await h.call('GET', REPORT_PATH, undefined, undefined, { [REPORT_TOKEN_HEADER]: 'A'.repeat(43) })).status).toBe(404);
    h.engine.stop();
  });
});
