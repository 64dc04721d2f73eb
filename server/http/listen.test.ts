/** Issue 17 item 8: refusals before any handler carry a result code; slow, aborted and crowded clients. */
import { createServer as createHttpServer } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RC } from '../../protocol/codes';
import { createServer, type RunningServer } from '../app';
import { testConfig } from '../config';
import { LISTEN_BACKLOG, listenSafely, type ListenOptions } from './listen';
import { FakeEngine } from './testing/client';

const running: RunningServer[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  for (const s of running.splice(0)) await s.close();
});

async function start(listen: ListenOptions = {}) {
  const errors: string[] = [];
  const infos: string[] = [];
  const engine = new FakeEngine();
  engine.addRoom('8008038');
  const server = await createServer(testConfig({ captchaTestCode: 'AB12' }), {
    engine,
    log: { info: (m) => infos.push(m), warn: () => {}, error: (m, e) => errors.push(`${m} ${String(e)}`) },
    listen,
  });
  running.push(server);
  return { server, errors, infos };
}

/** Writes raw bytes and collects what comes back until the server closes the connection. */
function raw(port: number, text: string, opts: { closeAfterMs?: number } = {}): Promise<{ text: string; ms: number }> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let got = '';
    const s = connect(port, '127.0.0.1', () => {
      s.write(text);
      if (opts.closeAfterMs !== undefined) setTimeout(() => s.destroy(), opts.closeAfterMs);
    });
    sockets.push(s);
    s.on('data', (d) => (got += d.toString()));
    s.on('error', () => {});
    s.on('close', () => resolve({ text: got, ms: Date.now() - t0 }));
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), json: JSON.parse(body) as { cmdid: string; result: number } };
}

describe('connection edges', () => {
  it('answers an unknown method with 400 and a result code, not a bare 400', async () => {
    const { server } = await start();
    const a = parse((await raw(server.port, 'FOO /rest/v1/meetings/verify-code HTTP/1.1\r\nHost: x\r\n\r\n')).text);
    expect(a.status).toBe(400);
    expect(a.json).toMatchObject({ cmdid: 'error', result: RC.notImplemented, detail: 'method' });
  });

  it('answers malformed HTTP with 400 and a result code', async () => {
    const { server } = await start();
    const a = parse((await raw(server.port, 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: nope\r\n\r\n')).text);
    expect(a.status).toBe(400);
    expect(a.json.result).toBe(RC.fieldWrongType);
  });

  it('does not wait minutes for a slow body: 408 with a result code once the request time is up', async () => {
    const { server } = await start({ requestTimeoutMs: 1500, headersTimeoutMs: 1000 });
    const r = await raw(server.port, 'POST /rest/v1/meetings/8008038/sessions/ HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"a"');
    const a = parse(r.text);
    expect(a.status).toBe(408);
    expect(a.json.result).toBe(RC.connectionTimeout);
    expect(r.ms).toBeLessThan(5000);
  });

  it('does not log a client that aborts mid-body as an internal failure', async () => {
    const { server, errors } = await start();
    await raw(server.port, 'POST /rest/v1/meetings/8008038/sessions/ HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"cmdid"', {
      closeAfterMs: 100,
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(errors).toEqual([]);
  });

  it('limits the connections one address holds at once', async () => {
    const { server } = await start({ maxConnectionsPerAddress: 3 });
    const open = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<Socket>((resolve) => {
            const s = connect(server.port, '127.0.0.1', () => resolve(s));
            sockets.push(s);
          }),
      ),
    );
    expect(open).toHaveLength(3);
    const fourth = await raw(server.port, 'GET /api/v3/app/getPlatform HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(fourth.text).toBe('');
    for (const s of open) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const again = await raw(server.port, 'GET /api/v3/app/getPlatform HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(again.text).toMatch(/^HTTP\/1\.1 200/);
  });
});

const plainServers: ReturnType<typeof createHttpServer>[] = [];
afterEach(async () => {
  for (const s of plainServers.splice(0)) await new Promise((r) => s.close(r));
});

describe('listenSafely', () => {
  it('asks the kernel for a backlog that lets thousands of controllers connect at once', async () => {
    const server = createHttpServer((_req, res) => res.end('ok'));
    plainServers.push(server);
    const listen = vi.spyOn(server, 'listen');
    await listenSafely(server, 0, '127.0.0.1');
    expect((listen.mock.calls[0] as unknown[])[2]).toBe(LISTEN_BACKLOG);
    expect(LISTEN_BACKLOG).toBeGreaterThanOrEqual(4096);
    const { port } = server.address() as { port: number };
    // and it answers: the backlog argument did not take the place of the callback
    expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
  });
});
