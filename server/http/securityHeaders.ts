/**
 * Security headers of the console's pages (issue 17, item 7).
 *
 * - `Content-Security-Policy`: scripts only from this origin, plus index.html's inline script
 *   that paints the login shell, allowed by its SHA-256 (http/static.ts adds it from the file);
 *   styles from this origin plus `'unsafe-inline'`, because Mantine and Emotion-free CSS-in-JS
 *   set `style` attributes and inject `<style>` at run time; pictures also as `data:` (the
 *   verify-code PNG) and `blob:`; API calls, media and workers only to this origin; no plugins,
 *   no `<base>` elsewhere, forms only here; `frame-ancestors` from FRAME_ANCESTORS (default
 *   `'self'`: only this origin may frame the control screen; add the platform's origin to embed
 *   it in the platform's frame).
 * - `Referrer-Policy: same-origin`: meeting numbers in URLs (`/control?mr-id=…`) never leave.
 * - `Permissions-Policy`: what the console uses — the microphone (private talk), fullscreen (the
 *   layout screen), picture-in-picture (the supervisor's preview) and autoplay (meeting sound) —
 *   for this origin only; the camera, geolocation, payment, USB and screen capture for no one.
 */

export const DEFAULT_FRAME_ANCESTORS = "'self'";

const SOURCE = /^(?:'self'|'none'|https?:\/\/(?:\*\.)?[A-Za-z0-9.-]+(?::\d{1,5})?)$/;

/** FRAME_ANCESTORS: space-separated `'self'`, `'none'` or http(s) origins (`https://*.example.com`). */
export function parseFrameAncestors(raw: string | undefined): { value: string; problem?: string } {
  if (raw === undefined || raw.trim() === '') return { value: DEFAULT_FRAME_ANCESTORS };
  const sources = raw
    .trim()
    .split(/\s+/)
    .map((s) => (s === 'self' || s === 'none' ? `'${s}'` : s.replace(/\/+$/, '')));
  const bad = sources.filter((s) => !SOURCE.test(s));
  if (bad.length > 0) {
    return {
      value: DEFAULT_FRAME_ANCESTORS,
      problem: `FRAME_ANCESTORS must be space-separated 'self', 'none' or http(s) origins such as https://meet.example.com (got "${bad.join(' ')}")`,
    };
  }
  if (sources.includes("'none'") && sources.length > 1)
    return { value: DEFAULT_FRAME_ANCESTORS, problem: "FRAME_ANCESTORS: 'none' stands alone" };
  return { value: sources.join(' ') };
}

export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' blob: data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

export const PERMISSIONS_POLICY =
  'microphone=(self), fullscreen=(self), picture-in-picture=(self), autoplay=(self), camera=(), geolocation=(), payment=(), usb=(), display-capture=()';

/** Headers of every console page (http/static.ts sends them with documents, not with scripts, styles or fonts). */
export function pageSecurityHeaders(frameAncestors: string): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(frameAncestors),
    'Referrer-Policy': 'same-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'X-Content-Type-Options': 'nosniff',
  };
}
