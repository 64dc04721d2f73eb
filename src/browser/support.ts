/**
 * Browser support (spec §1, §8: "browser not supported (Chrome 70+)"). Chromium-based browsers
 * from version 70 are supported; everything else gets a translated message instead of the app.
 * Pure so it is unit-tested with real user-agent strings.
 */
export const MIN_CHROMIUM_MAJOR = 70;

/** The parts of `navigator` the check reads. */
export interface BrowserIdentity {
  userAgent: string;
  /** `navigator.userAgentData.brands` where the browser offers it (Chromium ≥ 90) */
  brands?: readonly { brand: string; version: string }[];
}

/**
 * The Chromium major version of the browser, or null when it is not Chromium-based.
 * @example chromiumMajor({ userAgent: 'Mozilla/5.0 … Chrome/120.0.0.0 Safari/537.36' }) // 120
 */
export function chromiumMajor(identity: BrowserIdentity): number | null {
  const ua = identity.userAgent;
  // Legacy Edge (EdgeHTML) and iOS browsers (WebKit) pretend to be Chrome in their user agent.
  if (/\bEdge\/\d/.test(ua) || /\b(CriOS|FxiOS|EdgiOS)\//.test(ua) || /\bFirefox\//.test(ua)) return null;
  const match = /\b(?:Headless)?Chrom(?:e|ium)\/(\d+)/.exec(ua);
  if (match) return Number.parseInt(match[1], 10);
  // The user agent string decides first because an overridden one (enterprise policies, tests)
  // does not always update the client hints; these only help when the string is reduced.
  const brand = identity.brands?.find((b) => b.brand === 'Chromium');
  const major = brand ? Number.parseInt(brand.version, 10) : Number.NaN;
  return Number.isFinite(major) ? major : null;
}

/** True when the console runs in this browser. */
export function isSupportedBrowser(identity: BrowserIdentity): boolean {
  const major = chromiumMajor(identity);
  return major !== null && major >= MIN_CHROMIUM_MAJOR;
}

/** Reads the identity of the running browser. */
export function currentBrowser(): BrowserIdentity {
  const nav = navigator as Navigator & { userAgentData?: { brands?: { brand: string; version: string }[] } };
  return { userAgent: nav.userAgent, brands: nav.userAgentData?.brands };
}
