import { describe, expect, it } from 'vitest';
import { controllersOf } from './snapshot';

describe('controllersOf', () => {
  it('reads the role, address and self mark of each controller; no list, or a malformed one, is none', () => {
    expect(
      controllersOf({
        controllers: [
          { role: 'host', peer_ip: '10.0.0.1', self: 1 },
          { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 },
        ],
      }),
    ).toEqual([
      { role: 'host', peer_ip: '10.0.0.1', self: 1 },
      { role: 'supervisor', peer_ip: '10.0.0.2', self: 0 },
    ]);
    expect(controllersOf({ cmdid: 'controllers_rsp' })).toBeNull();
    expect(controllersOf({ controllers: [{ role: 'host' }] })).toBeNull();
    expect(controllersOf({ controllers: [null] })).toBeNull();
    expect(controllersOf(null)).toBeNull();
  });
});
