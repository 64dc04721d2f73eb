/**
 * Reference-server benchmark (not a test), issue 3: user search over 100,000 address-book users
 * (target p95 ≤ 20 ms), in this process.
 *
 *   npx tsx bench/serverSearch.ts               # once (or npm run bench -- serverSearch)
 *   npx tsx bench/serverSearch.ts --runs=3      # three times; the table shows medians
 */
import { performance } from 'node:perf_hooks';
import { AddressBook, type SearchFilter } from '../server/engine/addressBook';
import { generateAddressBook } from '../server/engine/addressBookSeed';
import { record, runServerBench } from './server/kit';
import { GcStats, ms, pct, ThreadClock } from './server/probes';

async function search(): Promise<void> {
  const t = performance.now();
  const data = generateAddressBook(7, 100_000, Math.floor(Date.now() / 1000));
  const book = new AddressBook(data.users, data.departments);
  book.searchUsers([]); // builds the index
  console.log(`[search] 100,000 users generated and indexed in ${ms(performance.now() - t)}`);
  const users = data.users;
  const queries: SearchFilter[][] = [];
  for (let i = 0; i < 300; i++) {
    const u = users[(i * 7919) % users.length];
    const kind = i % 6;
    if (kind === 0) queries.push([{ type: 'nick_name', value: u.nick.slice(0, 2) }]);
    else if (kind === 1) queries.push([{ type: 'usr_mark', value: u.mark.slice(0, 5) }]);
    else if (kind === 2) queries.push([{ type: 'keyword', value: u.loginId }]);
    else if (kind === 3)
      queries.push([
        { type: 'call_addr', value: 'sip' },
        { type: 'department_id', value: u.deps[0] },
      ]);
    else if (kind === 4) queries.push([{ type: 'email', value: `user${1000 + i}` }]);
    else queries.push([{ type: 'phone_no', value: u.phone.slice(3, 8) }]);
  }
  const thread = new ThreadClock();
  const times: number[] = [];
  const onCpu: number[] = [];
  let tooMany = 0;
  const gc = new GcStats().start();
  for (const q of queries) {
    const [c0] = thread.read();
    const s = performance.now();
    const r = book.searchUsers(q);
    times.push(performance.now() - s);
    onCpu.push(thread.read()[0] - c0);
    if (r.tooMany) tooMany++;
  }
  await new Promise((r) => setTimeout(r, 20)); // GC entries are delivered asynchronously
  gc.stop();
  thread.close();
  console.log(
    `[search] ${queries.length} searches: p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, max ${ms(Math.max(...times))} (target p95 ≤ 20 ms); ` +
      `on CPU p95 ${ms(pct(onCpu, 95))}; ${tooMany} over 500\n         ${gc.summary()}`,
  );
  record({ part: 'search', name: 'search p50', value: pct(times, 50) });
  record({ part: 'search', name: 'search p95', value: pct(times, 95), limit: 20 });
  record({ part: 'search', name: 'search p95 on CPU', value: pct(onCpu, 95), limit: 20 });
  record({ part: 'search', name: 'search max', value: Math.max(...times) });
}

await runServerBench('search', search);
