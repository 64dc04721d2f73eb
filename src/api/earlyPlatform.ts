/**
 * getPlatform as index.html asked for it (issue 27 item 3). Every screen's first signed request
 * waits for getPlatform's answer (how to sign), and the app could ask only once its script had
 * arrived and run: on a slow link more than a second after the page. The shell's script
 * (scripts/build/loginShell.ts) asks at once and leaves the answer's promise under
 * {@link EARLY_PLATFORM_GLOBAL}; the platform client's fetch takes it for its first getPlatform
 * to the same address, once. The transport reads and checks it like any answer.
 */

/** getPlatform's unprefixed path: the platform client's (src/api/platform.ts) and the shell's request must be the same address. */
export const GET_PLATFORM_PATH = '/api/v3/app/getPlatform';
/** The window property the shell's script leaves the request under. */
export const EARLY_PLATFORM_GLOBAL = 'podiumEarlyPlatform';

export interface EarlyPlatform {
  /** the address asked for: origin, the page's path prefix and {@link GET_PLATFORM_PATH} */
  url: string;
  response: Promise<Response>;
}

type Holder = { [EARLY_PLATFORM_GLOBAL]?: EarlyPlatform };

/**
 * `fetchImpl`, except that a GET of the address the shell asked for is answered, the first time,
 * with the shell's request.
 */
export function withEarlyPlatform(
  fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init),
  holder: Holder = globalThis as Holder,
): typeof fetch {
  return (input, init) => {
    const early = holder[EARLY_PLATFORM_GLOBAL];
    if (early) {
      const request = input instanceof Request ? input : undefined;
      const url = request ? request.url : String(input);
      const method = (request ? request.method : (init?.method ?? 'GET')).toUpperCase();
      if (method === 'GET' && url === early.url) {
        delete holder[EARLY_PLATFORM_GLOBAL];
        return early.response;
      }
    }
    return fetchImpl(input, init);
  };
}
