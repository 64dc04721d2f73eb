/**
 * The API checkers the specs read the server through are created once per worker (a worker is
 * one process) and server, not once per test. A checker kept is tried before it is handed out:
 * one whose session ended (the meeting ended, the server restarted, 30 s without a poll) is
 * replaced by a fresh login.
 */
/**
 * True when a poll's answer ends its session: a session the server is logging out (the meeting
 * ended, a password changed) still answers one poll, with `force_logout`, before it is gone.
 */
export function endsSession(events: unknown): boolean {
  return (
    Array.isArray(events) &&
    events.some((e) => (e as { cmdid?: string })?.cmdid === 'force_logout' || (e as { cmdid?: string })?.cmdid === 'mr_deled')
  );
}

export interface Checker {
  /** true while the checker's session still answers (a poll that also keeps it alive) */
  alive(): Promise<boolean>;
  /** stops what the checker runs in the background */
  dispose?(): void;
}

const kept = new Map<string, Promise<Checker>>();

export async function perWorker<T extends Checker>(key: string, create: () => Promise<T>): Promise<T> {
  const existing = kept.get(key) as Promise<T> | undefined;
  if (existing) {
    const checker = await existing.catch(() => undefined);
    if (checker && (await checker.alive().catch(() => false))) return checker;
    checker?.dispose?.();
  }
  const created = create();
  kept.set(key, created);
  created.catch(() => kept.delete(key));
  return created;
}
