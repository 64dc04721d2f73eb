/**
 * CAUTION: automated tests only (`TEST_FAIL_CONFIG_READS`, refused under NODE_ENV=production).
 * Makes the first read of each named config per session fail as a broken store would: 500 with
 * result 6001 (database error). The console must then say "Failed to retrieve configuration"
 * and offer a retry instead of opening its dialogs on defaults (issue 30); the retry, the
 * session's second read, is answered as usual. Nothing on the wire can switch it on: it is the
 * server's start-up configuration, and without it no route is wrapped.
 */
import { RC } from '../../protocol/codes';
import { errorResult } from './errors';
import type { Router } from './router';

/** The config reads that can be made to fail, as their path suffixes under the session prefix. */
export const CONFIG_READS = ['title-config', 'mosic-config', 'sys_mosics'] as const;
export type ConfigRead = (typeof CONFIG_READS)[number];

/**
 * Parses `TEST_FAIL_CONFIG_READS`: a comma list of {@link CONFIG_READS}, or `all`.
 * @example parseConfigReadFaults('title-config, sys_mosics') // ['title-config', 'sys_mosics']
 */
export function parseConfigReadFaults(value: string | undefined): ConfigRead[] | { error: string } {
  const out: ConfigRead[] = [];
  for (const raw of (value ?? '').split(',')) {
    const name = raw.trim();
    if (!name) continue;
    if (name === 'all') return [...CONFIG_READS];
    if (!(CONFIG_READS as readonly string[]).includes(name))
      return { error: `unknown config read "${name}" (known: ${CONFIG_READS.join(', ')}, all)` };
    if (!out.includes(name as ConfigRead)) out.push(name as ConfigRead);
  }
  return out;
}

/**
 * Wraps the GET routes of `reads` under `sessionPrefix` (`…/sessions/:sessId/`) so the first
 * read of each per session fails with 500/6001. Call after the routes are registered.
 */
export function failFirstConfigReads(router: Router, reads: readonly ConfigRead[], sessionPrefix: string): void {
  const failed = new Set<string>();
  for (const suffix of reads) {
    router.wrap('GET', `${sessionPrefix}${suffix}`, (inner) => async (req) => {
      // the real answer first: only a read the server would have answered fails (a stranger's
      // session still gets its 404)
      const answer = await inner(req);
      const key = `${req.params.sessId}\u0000${suffix}`;
      if (answer.status !== 200 || failed.has(key)) return answer;
      failed.add(key);
      return errorResult(500, RC.databaseError, suffix);
    });
  }
}
