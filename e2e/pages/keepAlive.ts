/**
 * The server ends a session that has not polled for 30 s (SESSION_TIMEOUT_SECONDS). A spec that arranges the meeting through
 * a ParticipantsApi session for longer than that polls now and then, as a console does.
 */
import type { ParticipantsApi } from './ParticipantsApi';

/**
 * Polls through `api` every `everyMs` (10 s) until the returned stop is called; a server with a
 * shorter SESSION_TIMEOUT_SECONDS needs a shorter period.
 */
export function keepAlive(api: ParticipantsApi, everyMs = 10_000): () => void {
  const timer = setInterval(() => void api.post('changes', { cmdid: 'get_changes', block_secs: 0 }).catch(() => undefined), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
