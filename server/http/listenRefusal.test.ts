/**
 * A connection the server has refused (listen.ts `clientError`: 408, 400, 431) runs nothing that
 * arrives on it afterwards. The case that matters: Node's request timer refuses a connection the
 * browser opened but has not used for {@link HEADERS_TIMEOUT_MS}, just as the browser sends a
 * request on it. Were that request still run, its answer would be lost with the connection, and
 * Chromium, given a 408 on a connection it reuses, sends the same request again on a new one: a
 * strictly signed request would arrive twice and its second copy be refused as a replayed nonce
 * (the `401 … "nonce"` of e2e/a11y/dialogs.spec.ts).
 */
import { createServer as createHttpServer, type Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { decodeSignKey, signStrict } from '../../protocol/signing';
import { testConfig } from '../config';
import { startServer, type StartedServer } from '../main';
import { createMemoryStore } from '../store/memoryStore';
import { listenSafely } from './listen';
import { TestClient } from './testing/client';

const servers: Server[] = [];
const sockets: Socket[] = [];
const running: StartedServer[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of servers.splice(0)) await new Promise((r) => s.close(r));
  for (const s of running.splice(0)) await s.close();
});

/** A server with listen.ts's handling whose request timers are checked every 50 ms. */
async function start() {
  const handled: string[] = [];
  const server = createHttpServer({ connectionsCheckingInterval: 50 }, (req, res) => {
    handled.push(`${req.method} ${req.url}`);
    res.end('{}');
  });
  servers.push(server);
  await listenSafely(server, 0, '127.0.0.1', { headersTimeoutMs: 200, requestTimeoutMs: 400 });
  return { server, handled, port: (server.address() as { port: number }).port };
}

/** Connects and collects what the server sends until it closes the connection. */
function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let text = '';
  socket.on('data', (d) => (text += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(text)));
  return { socket, closed };
}

describe('a refused connection', () => {
  it('does not run a request sent on an unused connection as the request timer refuses it', async () => {
    const { server, handled, port } = await start();
    const { socket, closed } = open(port);
    const refused: string[] = [];
    // listenSafely's answer is written first; the browser's request is already on its way
    server.on('clientError', (err: NodeJS.ErrnoException) => {
      refused.push(err.code ?? '');
      socket.write('GET /status/participant/1/media_stream HTTP/1.1\r\nHost: x\r\nnonce: 0123456789abcdef\r\n\r\n');
    });
    const answer = await closed;
    expect(refused).toEqual(['ERR_HTTP_REQUEST_TIMEOUT']);
    // the browser sees the refusal (and sends its request again elsewhere) …
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('Connection: close');
    // … and the server has not run it: its nonce is not spent, the copy sent again is the only one
    expect(handled).toEqual([]);
  });

  it('does not run a request that follows malformed HTTP on the same connection', async () => {
    const { handled, port } = await start();
    const { socket, closed } = open(port);
    socket.write('GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\nGET /second HTTP/1.1\r\nHost: x\r\n\r\n');
    const answer = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(handled).toEqual([]);
  });

  it('still runs and answers requests on a connection that was not refused', async () => {
    const { handled, port } = await start();
    const { socket, closed } = open(port);
    socket.write('GET /one HTTP/1.1\r\nHost: x\r\n\r\nGET /two HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    const answer = await closed;
    expect(answer.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(handled).toEqual(['GET /one', 'GET /two']);
  });
});

describe('a strictly signed read on a connection refused as it was sent (the reference server)', () => {
  it('is answered when the browser sends it again: its nonce was not spent by the refused copy', async () => {
    const MR = '8008038';
    const CODE = '2345';
    const cfg = testConfig({
      captchaTestCode: CODE,
      signing: 'strict',
      simEndpoints: 3,
      demo: { seed: true, mrId: MR, hostPwd: '123456', supervisorPwd: '654321' },
    });
    // the app checks its request timers every second; an unused connection is refused after 300 ms
    const app = await startServer(cfg, {
      store: createMemoryStore(),
      log: { info: () => {}, warn: () => {}, error: () => {} },
      listen: { headersTimeoutMs: 300, requestTimeoutMs: 600 },
    });
    running.push(app);
    const client = new TestClient({ origin: app.origin, prefix: '', devid: cfg.devId, devtoken: cfg.devToken });
    const code = await client.get('/rest/v1/meetings/verify-code');
    const login = await client.post(`/rest/v1/meetings/${MR}/sessions/`, {
      cmdid: 'ctrl_mr_req',
      mr_id: MR,
      ctrl_pwd: '123456',
      cert_code: CODE,
      code_id: code.json.code_id,
    });
    expect(login.status).toBe(200);
    const ep = [...app.engine.rooms.get(MR)!.endpoints.values()][0];
    const path = `/status/participant/${ep.epId}/media_stream/`;
    // one signed request, as the console builds it once; the browser sends these very bytes twice
    const signed = signStrict({
      devid: cfg.devId,
      sessionId: login.json.sess_id,
      key: decodeSignKey(login.json.sign_key),
      method: 'GET',
      path,
    }) as unknown as Record<string, string>;
    const head = Object.entries(signed)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');

    const { socket, closed } = open(app.port);
    app.server.on('clientError', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n${head}\r\n`));
    expect(await closed).toMatch(/^HTTP\/1\.1 408 /);

    // Chromium, given a 408 on a connection it reused, sends the same request on a new connection
    const again = await fetch(`${app.origin}${path}`, { headers: signed });
    expect(await again.text()).not.toContain('"nonce"');
    expect(again.status).toBe(200);
  });
});
