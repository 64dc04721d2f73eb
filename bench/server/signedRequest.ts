/**
 * One compat-signed request to a reference server on 127.0.0.1, as the console signs it: what the
 * server benchmarks (serverPolls, serverFanout, serverStall, serverHostile) send their commands
 * and polls with.
 */
import { request, type Agent } from 'node:http';
import { signCompat } from '../../protocol/signing';
import { sharedNow } from './probes';

export interface SignedAnswer {
  status: number;
  bytes: Buffer;
  /** when the last byte arrived, on {@link sharedNow} */
  at: number;
}

export function signedRequest(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  body: string | undefined,
  devid: string,
  devtoken: string,
): Promise<SignedAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': body ? Buffer.byteLength(body) : 0,
          ...signCompat({ devid, devtoken }, path.split('?')[0]),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), at: sharedNow() }));
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}
