/**
 * Compressed delivery (issue 27 item 2), printing figures:
 * 1. bytes over the wire for `/login` and `/control`: every request the page makes until it has
 *    loaded and settled for 3 s (the long poll left out), recorded from Chromium; each is fetched again with `Accept-Encoding: br`,
 *    `gzip` and none, and the answers' header and body bytes summed (what a browser asking for
 *    that coding receives). Chromium's own count (CDP `encodedDataLength`) is printed beside it:
 *    over plain http Chromium asks for gzip only, Brotli only over https.
 * 2. the server's CPU per compressed API answer (http/compressAnswer.ts: Brotli quality 4, gzip
 *    level 1), for answers of the sizes the console receives (a long poll's events, an activity
 *    page, a snapshot of a big meeting).
 *
 * Run: `npx tsx bench/delivery.ts` (uses dist/; `DIST_DIR=… ` serves another build).
 */
import { request } from 'node:http';
import { chromium, type Page } from '@playwright/test';
import { startTestServer, type TestServer } from '../e2e/server';
import { signIn } from '../e2e/pages/signIn';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { compressNow } from '../server/http/compressAnswer';
import { reportFigure } from './figures';

const LOGIN_BUDGET_KIB = 160;

/** Header and body bytes of a GET answered to this Accept-Encoding. */
function wireBytes(url: string, acceptEncoding: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => {
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders.map((h, i) => (i % 2 ? `${h}\r\n` : `${h}: `)).join('')}\r\n`;
        resolve(bytes + Buffer.byteLength(head));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

interface PageLoad {
  urls: string[];
  chromiumBytes: number;
  chromiumAccept: string;
}

/** The GETs a page makes until the network is idle, and what Chromium counted for them. */
async function recordLoad(page: Page, path: string): Promise<PageLoad> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const urls = new Map<string, string>();
  let chromiumBytes = 0;
  let chromiumAccept = '';
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.method === 'GET' && e.request.url.startsWith('http')) urls.set(e.requestId, e.request.url);
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    chromiumAccept ||= (e.headers['Accept-Encoding'] ?? e.headers['accept-encoding'] ?? '') as string;
  });
  cdp.on('Network.loadingFinished', (e) => {
    if (urls.has(e.requestId)) chromiumBytes += e.encodedDataLength;
  });
  // the control screen holds a long poll and samples quality every 10 s: never idle; its load
  // is what it fetches until the page has loaded and settled for 3 s
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(3000);
  await cdp.detach();
  // the long poll is held open: it is not part of the page's load
  return { urls: [...urls.values()].filter((u) => !/\/changes|block_secs/.test(u)), chromiumBytes, chromiumAccept };
}

async function measurePage(server: TestServer, page: Page, name: string, path: string): Promise<void> {
  const load = await recordLoad(page, path);
  const sum = async (accept: string | null) => (await Promise.all(load.urls.map((u) => wireBytes(u, accept)))).reduce((a, b) => a + b, 0);
  const [br, gzip, plain] = [await sum('br'), await sum('gzip'), await sum(null)];
  const perUrl = await Promise.all(
    load.urls.map(async (u) => [await wireBytes(u, 'br'), new URL(u).pathname.split('/').pop() || '/'] as const),
  );
  console.log(
    `${name}, largest (Brotli): ${[...perUrl]
      .sort((a, b) => b[0] - a[0])
      .slice(0, 8)
      .map(([b, n]) => `${n} ${(b / 1024).toFixed(1)}`)
      .join(', ')}`,
  );
  const kib = (n: number) => n / 1024;
  console.log(
    `${name}: ${load.urls.length} requests; Brotli ${kib(br).toFixed(1)} KiB, gzip ${kib(gzip).toFixed(1)} KiB, plain ${kib(plain).toFixed(1)} KiB; ` +
      `Chromium counted ${kib(load.chromiumBytes).toFixed(1)} KiB asking "${load.chromiumAccept}"`,
  );
  reportFigure({
    figure: `delivery: ${name} bytes over the wire, Brotli`,
    value: Math.round(kib(br) * 10) / 10,
    unit: 'KiB',
    max: name === '/login' ? LOGIN_BUDGET_KIB : undefined,
  });
  reportFigure({ figure: `delivery: ${name} bytes over the wire, gzip`, value: Math.round(kib(gzip) * 10) / 10, unit: 'KiB' });
  reportFigure({ figure: `delivery: ${name} bytes over the wire, uncompressed`, value: Math.round(kib(plain) * 10) / 10, unit: 'KiB' });
  void server;
}

/** JSON shaped like the console's answers: participant entries of a snapshot or a poll. */
function answerOf(entries: number): Buffer {
  const rows = Array.from({ length: entries }, (_, i) => ({
    usr_id: `${1_000_000 + i}`,
    usr_name: `Steady ${String(i).padStart(4, '0')}`,
    ep_type: i % 3,
    a_rx: i % 2,
    v_rx: 1,
    a_tx: (i >> 1) % 2,
    role: i % 50 === 0 ? 'guest' : 'audience',
    ip: `10.0.${(i >> 8) & 255}.${i & 255}`,
    status: i % 17 === 0 ? 'offline' : 'online',
  }));
  return Buffer.from(JSON.stringify({ cmdid: 'changes', seq: 12345, events: rows }));
}

function cpuPerAnswer(body: Buffer, coding: 'br' | 'gzip'): { us: number; bytes: number } {
  const rounds = Math.max(20, Math.round(2_000_000 / body.length));
  let bytes = 0;
  for (let i = 0; i < 5; i++) compressNow(coding, body);
  const start = process.cpuUsage();
  for (let i = 0; i < rounds; i++) bytes = compressNow(coding, body).length;
  const used = process.cpuUsage(start);
  return { us: (used.user + used.system) / rounds, bytes };
}

async function main(): Promise<void> {
  const server = await startTestServer({ env: { SIM_ENDPOINTS: '300' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
  try {
    const context = await browser.newContext({ baseURL: server.baseURL, locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await measurePage(server, await context.newPage(), '/login', '/login');
    const controlPage = await context.newPage();
    const record = await signIn(controlPage, server, 'en');
    await controlPage.getByTestId('meeting-number').waitFor();
    await measurePage(
      server,
      await context.newPage().then(async (p) => {
        await p.addInitScript((r) => sessionStorage.setItem('podium.session', JSON.stringify(r)), record);
        return p;
      }),
      '/control',
      `/control?mr-id=${record.mrId}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }

  for (const [label, entries] of [
    ['long-poll answer, 10 events', 10],
    ['activity page, 100 entries', 100],
    ['snapshot, 2,000 participants', 2000],
  ] as const) {
    const body = answerOf(entries);
    const br = cpuPerAnswer(body, 'br');
    const gz = cpuPerAnswer(body, 'gzip');
    console.log(
      `API ${label}: ${(body.length / 1024).toFixed(1)} KiB → Brotli q4 ${(br.bytes / 1024).toFixed(1)} KiB in ${br.us.toFixed(0)} µs CPU; gzip 1 ${(gz.bytes / 1024).toFixed(1)} KiB in ${gz.us.toFixed(0)} µs CPU`,
    );
    reportFigure({
      figure: `delivery: server CPU per Brotli answer (${label}, ${(body.length / 1024).toFixed(0)} KiB)`,
      value: Math.round(br.us) / 1000,
      unit: 'ms',
    });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
