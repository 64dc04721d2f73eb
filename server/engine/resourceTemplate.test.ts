/**
 * Issue 30: the room's resource template (resource_tmpl_info) limits what it says — the panes of
 * a layout and recording — and every controller learns it, also one who logs in after the start.
 */
import { describe, expect, it } from 'vitest';
import { RC } from '../../protocol/codes';
import { makeHarness, ofType } from './testing/harness';

const layout = (mosicId: string, panes: number) => ({
  cmdid: 'config_mosic',
  config_info: [
    {
      role: 'guest',
      mosic_id: mosicId,
      layout_mode: 2,
      poll_secs: 10,
      view_has_self: 0,
      roles_lst: Array.from({ length: panes }, () => ['0']),
    },
  ],
});

describe('resource template limits (issue 30)', () => {
  it('a login is told the template: most panes and whether it may record', async () => {
    const h = makeHarness({ simActivity: 0, config: { demoMaxMosaic: 4, demoRecording: false } });
    const c = h.login();
    const [tmpl] = ofType(await c.poll(0), 'resource_tmpl_info');
    expect(tmpl).toMatchObject({ max_mosic: 4, max_spk_mosic: 4, max_guest_mosic: 4, max_chair_mosic: 4, has_record: 0 });
    // a second controller, later, is told as well; the first is not told again
    const later = h.login('supervisor');
    expect(ofType(await later.poll(0), 'resource_tmpl_info')).toHaveLength(1);
    expect(ofType(await c.poll(0), 'resource_tmpl_info')).toHaveLength(1);
    h.engine.stop();
  });

  it('refuses a layout of more panes than the template allows (5006) and takes one within it', async () => {
    const h = makeHarness({ simActivity: 0, config: { demoMaxMosaic: 4 } });
    const c = h.login();
    const over = await c.post('mosic-config', layout('3*3', 9));
    expect(over.status).toBe(403);
    expect(over.body.result).toBe(RC.mosaicOverTemplate);
    expect((await c.post('mosic-config', layout('2*2', 4))).status).toBe(200);
    h.engine.stop();
  });

  it('refuses recording when the template has none (5007), and nothing starts', async () => {
    const h = makeHarness({ simActivity: 0, config: { demoRecording: false } });
    const c = h.login();
    const r = await c.post('mr-status', { cmdid: 'mod_mr_status', enable_rec: 1 });
    expect(r.status).toBe(403);
    expect(r.body.result).toBe(RC.recordingNotInTemplate);
    expect((await c.get('mr-status')).body.rec_enabled).toBe(0);
    h.engine.stop();
  });

  it('the default template records and allows the 25-pane layouts', async () => {
    const h = makeHarness({ simActivity: 0 });
    const c = h.login();
    expect(ofType(await c.poll(0), 'resource_tmpl_info')[0]).toMatchObject({ max_mosic: 25, has_record: 1 });
    expect((await c.post('mosic-config', layout('3*3', 9))).status).toBe(200);
    h.engine.stop();
  });
});
