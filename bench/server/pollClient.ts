/**
 * A minimal HTTP/1.1 client for holding hundreds of long polls from one benchmark process: one
 * keep-alive socket per poll, requests written as prepared text, answers read by Content-Length.
 * The node:http client costs tens of microseconds per answer, so 500 answers arriving at once
 * queue for milliseconds in the client alone; real controllers are 500 separate browsers. This
 * client notes when each answer's last byte arrived, which is what a delivery time should be.
 */
import { connect, type Socket } from 'node:net';
import { sharedNow } from './probes';

export interface RawAnswer {
  status: number;
  body: string;
  /** {@link sharedNow} when the answer's last byte was read */
  at: number;
}

interface Slot {
  socket: Socket;
  chunks: Buffer[];
  size: number;
  /** the server closed the idle keep-alive connection (its keepAliveTimeout) between rounds */
  closed?: boolean;
  done?: (a: RawAnswer) => void;
  fail?: (e: Error) => void;
}

const HEADER_END = Buffer.from('\r\n\r\n');

export class RawPollers {
  private readonly slots: Slot[] = [];

  private constructor(
    private readonly port: number,
    count: number,
  ) {
    for (let i = 0; i < count; i++) this.slots.push(this.open());
  }

  /** Opens `count` keep-alive connections to 127.0.0.1:`port`. */
  static async connect(port: number, count: number): Promise<RawPollers> {
    const p = new RawPollers(port, count);
    await Promise.all(p.slots.map((s) => new Promise<void>((r, j) => s.socket.once('connect', r).once('error', j))));
    return p;
  }

  private open(): Slot {
    const socket = connect({ host: '127.0.0.1', port: this.port, noDelay: true });
    const slot: Slot = { socket, chunks: [], size: 0 };
    socket.on('data', (chunk) => this.onData(slot, chunk));
    socket.on('error', (e) => slot.fail?.(e));
    socket.on('close', () => {
      slot.closed = true;
      slot.fail?.(new Error('connection closed'));
    });
    return slot;
  }

  private onData(slot: Slot, chunk: Buffer): void {
    const at = sharedNow();
    slot.chunks.push(chunk);
    slot.size += chunk.length;
    const all = slot.chunks.length === 1 ? slot.chunks[0] : Buffer.concat(slot.chunks, slot.size);
    const headEnd = all.indexOf(HEADER_END);
    if (headEnd < 0) return;
    const head = all.toString('latin1', 0, headEnd);
    const m = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    const length = m ? Number(m[1]) : 0;
    if (all.length < headEnd + 4 + length) {
      slot.chunks = [all];
      return;
    }
    slot.chunks = [];
    slot.size = 0;
    const done = slot.done;
    slot.done = slot.fail = undefined;
    done?.({ status: Number(head.slice(9, 12)), body: all.toString('utf8', headEnd + 4, headEnd + 4 + length), at });
  }

  /** Sends a POST with a JSON body on connection `i`; resolves with the answer. */
  post(i: number, path: string, headers: Record<string, string>, body: unknown): Promise<RawAnswer> {
    // a connection the server closed while idle is opened again, as a browser would
    if (this.slots[i].closed) this.slots[i] = this.open();
    const slot = this.slots[i];
    const payload = JSON.stringify(body);
    let head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${this.port}\r\nConnection: keep-alive\r\nContent-Type: application/json\r\n`;
    for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
    head += `Content-Length: ${Buffer.byteLength(payload)}\r\n\r\n`;
    return new Promise((resolve, reject) => {
      slot.done = resolve;
      slot.fail = reject;
      slot.socket.write(head + payload);
    });
  }

  close(): void {
    for (const s of this.slots) {
      s.fail = undefined;
      s.socket.destroy();
    }
  }
}
