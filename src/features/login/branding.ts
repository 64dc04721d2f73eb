import type { PlatformLinks } from '@protocol/wire';
/**
 * What the login screen shows about the platform (spec §2, §7 "Before and at login"): the
 * platform/OEM title and icon, the platform version; and what the console keeps in the browser
 * from the same calls (standalone flag, HTTP/HTTPS ports). Every call may fail independently:
 * the screen then shows its own defaults, and login still works.
 */
import type { PlatformApi } from '#/api/platform';
import { signingProblem, type SigningProblem } from '#/api/transport';
import type { browserStore } from '#/session/browserStore';

/** OEM id asked for the branding; the platform answers with its default brand for it. */
export const DEFAULT_OEM_ID = 'default';

export interface LoginBranding {
  /** product title per language, from the OEM icon-title call */
  title?: { zh: string; en: string };
  /** data: URL of the logo */
  icon?: string;
  /** the platform's version, from getPlatform */
  platformVersion?: string;
  /** the platform's pages, from getPlatform: only these are linked to (issue 12) */
  links?: PlatformLinks;
  /** why this console cannot sign for the platform (issue 23); the screen says so instead of failing quietly */
  signingProblem?: SigningProblem;
}

type Store = Pick<typeof browserStore, 'setStandalone' | 'setPorts'>;

/** Loads the branding and records standalone/ports; never rejects. */
export async function loadLoginBranding(platform: PlatformApi, store: Store, signal?: AbortSignal): Promise<LoginBranding> {
  const [info, oem, standalone, nginx] = await Promise.allSettled([
    platform.info(signal),
    platform.oemIconTitle(DEFAULT_OEM_ID, signal),
    platform.isStandalone(signal),
    platform.nginxConfig(signal),
  ]);
  if (standalone.status === 'fulfilled') store.setStandalone(standalone.value.data.is_standalone === 1);
  if (nginx.status === 'fulfilled') store.setPorts({ http: nginx.value.data.http_port, https: nginx.value.data.https_port });
  const branding: LoginBranding = {};
  if (oem.status === 'fulfilled') {
    branding.title = oem.value.data.title;
    branding.icon = oem.value.data.icon;
  }
  if (info.status === 'fulfilled') {
    branding.platformVersion = info.value.response.data.version;
    branding.links = info.value.response.data.links ?? {};
    const problem = signingProblem(info.value.settings);
    if (problem) branding.signingProblem = problem;
  }
  return branding;
}

/** The branding asked for as the console starts, for the login screen's first load. */
export interface BrandingAhead {
  /** the branding asked for ahead, once; undefined after that */
  take(): Promise<LoginBranding> | undefined;
}

/**
 * Asks for the branding now (issue 27 item 3). The login screen draws once its branding has come
 * (a default title replaced a moment later would be the flash the page's shell avoids), and its
 * route's loader asked only once the app had rendered its root: on a slow link ~170 ms after the
 * console started, on the way to a usable form. Asked at boot, beside the first verify code, the
 * answers are there or nearly when the route asks. Handed out once: a later visit of the screen
 * loads it again (its route keeps it a minute).
 */
export function loadBrandingAhead(platform: PlatformApi, store: Store): BrandingAhead {
  let pending: Promise<LoginBranding> | undefined = loadLoginBranding(platform, store);
  return {
    take() {
      const branding = pending;
      pending = undefined;
      return branding;
    },
  };
}

/** The login route's loader: the branding asked for ahead when there is one, else asked now. */
export function brandingForScreen(
  ahead: BrandingAhead | undefined,
  platform: PlatformApi,
  store: Store,
  signal?: AbortSignal,
): Promise<LoginBranding> {
  return ahead?.take() ?? loadLoginBranding(platform, store, signal);
}
