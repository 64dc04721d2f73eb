/**
 * The path of one call leg's media statistics, exactly as the platform's own client calls it
 * (protocol-facts §2 #22, real-client-findings §5): no trailing slash. The statistics dialog,
 * the signal meter and the quality history all read it, so they share this one spelling.
 * @example mediaStreamPath(17) // '/status/participant/17/media_stream'
 */
export function mediaStreamPath(epId: number | string): string {
  return `/status/participant/${epId}/media_stream`;
}
