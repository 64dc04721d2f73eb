/**
 * The result codes' and reasons' texts (protocol/codes.ts), loaded when first needed rather than
 * with the console's first script: a table of ~100 codes in two languages (5 KiB Brotli) that the
 * login screen shows only once a request has failed (issue 27: /login over the wire).
 *
 * They are loaded before anyone can need them, so the functions of ./messages.ts stay synchronous:
 * - a refused request waits for them before it is reported or thrown (src/api/transport.ts), so
 *   a failure's toast, the login form's refusal and any refusal a machine carries find them;
 * - every screen but the login screen waits for them before it draws (the root route's
 *   beforeLoad, like the whole catalog), so session ends and event reasons find them;
 * - the login screen fetches them ahead once the user starts on the form (main.tsx's prefetch).
 * Should the fetch fail, a code is shown as "Request failed (code N)" (unknownCodeMessage).
 */
type CodeTexts = typeof import('@protocol/codes');

let loaded: CodeTexts | undefined;
let loading: Promise<CodeTexts> | undefined;

/** Fetches the texts once; a failed fetch is forgotten, so the next caller tries again. */
export function loadCodeTexts(): Promise<CodeTexts> {
  loading ??= import('@protocol/codes').then(
    (m) => (loaded = m),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The texts once loaded, else undefined. */
export function codeTexts(): CodeTexts | undefined {
  return loaded;
}

/** Before a screen other than the login screen draws: the texts, unless they are in (the root route's beforeLoad). */
export function codeTextsBeforeScreen(): Promise<unknown> | undefined {
  return loaded ? undefined : loadCodeTexts();
}
