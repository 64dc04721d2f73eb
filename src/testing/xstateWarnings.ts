/**
 * XState's development build warns through console.warn when a machine is written wrong: a custom
 * action that calls `assign()`/`sendTo()`/`raise()`/`emit()` (the call does nothing), a deprecated
 * or malformed config, a target it cannot resolve. Each is a bug in a machine, so the test setup
 * (setup.ts) fails the test that printed one, naming it. Not among them: "event sent to a stopped
 * actor", which is about timing, not the machine's text (a session ends on a terminal server event
 * while its long poll still hands over the rest of that batch and its own end).
 */
const XSTATE_WARNINGS = [
  /^Custom actions should not call `\w+\(\)` directly/,
  /^Dynamically mapping values to individual properties is deprecated/,
  /^state\.can\(\.\.\.\) used outside of a machine-created State object/,
  /^(Infix )?[Ww]ildcards /,
  /^Missing `machine\.output` declaration/,
  /^Could not resolve StateNode for id/,
];

const seen: string[] = [];
let recording = false;

/** Notes every XState warning printed from now on (printed as before, too). */
export function recordXstateWarnings(): void {
  if (recording) return;
  recording = true;
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    const [first] = args;
    if (typeof first === 'string' && XSTATE_WARNINGS.some((re) => re.test(first))) seen.push(first.split('\n')[0]);
    warn(...args);
  };
}

/** Throws, listing them, when XState warned since the last call. */
export function failOnXstateWarnings(): void {
  const found = seen.splice(0);
  if (found.length > 0) throw new Error(`XState warned (fix the machine):\n${found.map((w) => `  ${w}`).join('\n')}`);
}
