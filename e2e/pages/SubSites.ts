/**
 * Page object of the sub-site list in the cascade control (issue 30), and the server-side view
 * of the sub-sites: the roster legs of `dev_type` `mr_cascade_sub`. `ensureSubSites` puts the
 * demo meeting back as the other specs expect it (a parent meeting with a sub-site), inviting a
 * sub-venue by temporary call (usr_type 7) when a spec deleted them.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { MeetingControlsApi } from './MeetingControlsApi';
import type { Lang } from './MeetingControlsPanel';

export const SUB_SITE_NAMES = {
  en: {
    title: 'Sub-sites',
    hide: 'Hide',
    del: (n: string) => `Delete ${n}`,
    undo: (n: string) => `Undo deleting ${n}`,
    none: 'No sub-site is attached.',
  },
  zh: { title: '分会场', hide: '隐藏', del: (n: string) => `删除 ${n}`, undo: (n: string) => `撤销删除 ${n}`, none: '未连接分会场。' },
} as const;

export interface ServerSubSite {
  usrId: string;
  name: string;
}

/** The sub-sites on the server's roster (invited or online). */
export async function serverSubSites(api: MeetingControlsApi): Promise<ServerSubSite[]> {
  const r = await api.session.get<{ added_usr_ids: string[]; added_usr_names: string[]; added_usr_devtypes: string[] }>('participants');
  return r.added_usr_ids.flatMap((usrId, i) =>
    r.added_usr_devtypes[i] === 'mr_cascade_sub' ? [{ usrId, name: r.added_usr_names[i] ?? usrId }] : [],
  );
}

/**
 * A parent meeting with at least `count` sub-sites: missing ones are called as sub-venues
 * (`create_temp_call` usr_type 7); a simulated call fails now and then, so it is placed again
 * until one answers.
 */
export async function ensureSubSites(api: MeetingControlsApi, count = 1): Promise<ServerSubSite[]> {
  if ((await api.status()).cascade_mode === '') await api.setStatus({ cascade_mode: 'parent' });
  for (let attempt = 0; attempt < 12; attempt++) {
    const have = await serverSubSites(api);
    if (have.length >= count) return have;
    const n = have.length + 1;
    await api.session.post('temp-usrs', {
      cmdid: 'create_temp_call',
      call_url: `800813${n}@198.51.100.20${n}`,
      usr_type: 7,
      disp_name: `Branch office ${n}`,
    });
    // a simulated call answers or fails within four seconds; a failed one is placed again
    await expect
      .poll(async () => (await serverSubSites(api)).length, { timeout: 6_000 })
      .toBeGreaterThan(have.length)
      .catch(() => undefined);
  }
  throw new Error(`the meeting did not get ${count} sub-sites`);
}

export class SubSiteList {
  readonly root: Locator;
  readonly names: (typeof SUB_SITE_NAMES)[Lang];

  constructor(
    readonly page: Page,
    readonly lang: Lang,
  ) {
    this.root = page.getByTestId('sub-sites');
    this.names = SUB_SITE_NAMES[lang];
  }

  row(usrId: string): Locator {
    return this.root.locator(`[data-testid="sub-site"][data-usr-id="${usrId}"]`);
  }

  /** Flips a row's hide switch through its visible label (the input is visually hidden). */
  async toggleHide(usrId: string): Promise<void> {
    await this.row(usrId)
      .locator('label', { hasText: new RegExp(`^${this.names.hide}$`) })
      .click();
  }

  deleteButton(name: string): Locator {
    return this.root.getByRole('button', { name: this.names.del(name), exact: true });
  }

  undoButton(name: string): Locator {
    return this.root.getByRole('button', { name: this.names.undo(name), exact: true });
  }
}
