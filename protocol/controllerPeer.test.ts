import { describe, expect, it } from 'vitest';
import { isCountedControllerPeer } from './controllerPeer';

describe('controller peer {ip} (spec §4 "ignoring peer {ip}")', () => {
  it('the literal {ip}, spaces or not, is not a counted peer; addresses and an empty peer are', () => {
    expect(isCountedControllerPeer('{ip}')).toBe(false);
    expect(isCountedControllerPeer(' {ip} ')).toBe(false);
    expect(isCountedControllerPeer('10.0.0.1')).toBe(true);
    expect(isCountedControllerPeer('')).toBe(true);
  });
});
