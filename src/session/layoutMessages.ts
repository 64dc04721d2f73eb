/**
 * Messages between the control screen (opener or parent) and the /layout screen (pop-up or
 * frame). Every message is checked against an exact origin on receipt and sent to an exact
 * origin, never `*`: a foreign page that gets hold of a window reference must neither read nor
 * drive the layout screen.
 */

/** Tag of every podium window message, so unrelated messages (extensions, devtools) are ignored. */
export const MESSAGE_SOURCE = 'podium';

/** Sent by the /layout screen to its opener. */
export type LayoutToOpener =
  | { source: typeof MESSAGE_SOURCE; type: 'layout.load'; width: number; height: number }
  | { source: typeof MESSAGE_SOURCE; type: 'layout.resize'; width: number; height: number }
  | { source: typeof MESSAGE_SOURCE; type: 'layout.close' };

/** What the layout screen shows; sent by the opener. */
export interface PresentationData {
  /** the presentation was launched by the control screen */
  launched: boolean;
  /** the title shown above the content */
  title?: string;
  /**
   * The supervisor's preview in this window (the "new window" option): the usr_id to show, ''
   * for the main venue; absent when the preview stays in the control window.
   */
  preview?: string;
}

/** Longest usr_id a preview request may carry. */
const MAX_USR_ID = 64;

/** Sent by the opener to the /layout screen. */
export type OpenerToLayout = { source: typeof MESSAGE_SOURCE; type: 'presentation'; presentation: PresentationData };

/**
 * Origins a window accepts messages from: its own, plus any configured ones. Each is normalised
 * with `URL.origin`, so `https://a.example:443/x` and `https://a.example` are the same origin and
 * junk is dropped.
 */
export function normaliseOrigins(own: string, extra: readonly string[] = []): ReadonlySet<string> {
  const out = new Set<string>();
  for (const o of [own, ...extra]) {
    try {
      const origin = new URL(o).origin;
      if (origin !== 'null') out.add(origin);
    } catch {
      // not an origin: ignored
    }
  }
  return out;
}

function isTagged(data: unknown): data is { source: string; type: string } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === MESSAGE_SOURCE &&
    typeof (data as { type?: unknown }).type === 'string'
  );
}

/** A message from the layout screen, or null when the origin or shape is not ours. */
export function readLayoutMessage(event: Pick<MessageEvent, 'origin' | 'data'>, allowed: ReadonlySet<string>): LayoutToOpener | null {
  if (!allowed.has(event.origin) || !isTagged(event.data)) return null;
  const d = event.data as Partial<LayoutToOpener> & { width?: unknown; height?: unknown };
  if (d.type === 'layout.close') return { source: MESSAGE_SOURCE, type: 'layout.close' };
  if ((d.type === 'layout.load' || d.type === 'layout.resize') && typeof d.width === 'number' && typeof d.height === 'number') {
    return { source: MESSAGE_SOURCE, type: d.type, width: d.width, height: d.height };
  }
  return null;
}

/** Presentation data from the opener, or null when the origin or shape is not ours. */
export function readPresentationMessage(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  allowed: ReadonlySet<string>,
): PresentationData | null {
  if (!allowed.has(event.origin) || !isTagged(event.data) || event.data.type !== 'presentation') return null;
  const p = (event.data as { presentation?: unknown }).presentation;
  if (typeof p !== 'object' || p === null || typeof (p as PresentationData).launched !== 'boolean') return null;
  const { title, preview } = p as PresentationData;
  const out: PresentationData = {
    launched: (p as PresentationData).launched,
    title: typeof title === 'string' ? title.slice(0, 200) : undefined,
  };
  if (typeof preview === 'string' && preview.length <= MAX_USR_ID) out.preview = preview;
  return out;
}

/**
 * Whether a message is the parent window's logout: `'logout'` or `{ type: 'logout' }`, from the
 * parent itself and from an allowed origin.
 */
export function isParentLogout(
  event: Pick<MessageEvent, 'origin' | 'data' | 'source'>,
  parent: unknown,
  allowed: ReadonlySet<string>,
): boolean {
  if (event.source !== parent || !allowed.has(event.origin)) return false;
  const d = event.data;
  return d === 'logout' || (typeof d === 'object' && d !== null && (d as { type?: unknown }).type === 'logout');
}
