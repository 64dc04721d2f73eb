/**
 * The server ends a session that has not polled for 30 s. A spec that arranges the meeting through
 * a ParticipantsApi session for longer than that polls now and then, as a console does.
 */
import type { ParticipantsApi } from './ParticipantsApi';

/** Polls through `api` every 10 s until the returned stop is called. */
export function keepAlive(api: ParticipantsApi): () => void {
  const timer = setInterval(() => void api.post('changes', { cmdid: 'get_changes', block_secs: 0 }).catch(() => undefined), 10_000);
  timer.unref();
  return () => clearInterval(timer);
}
