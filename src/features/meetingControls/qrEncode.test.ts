import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodeQr } from './qrEncode';

// Reference symbols produced by the python-qrcode library (level M, mask 0) for the same texts.
const EXAMPLE_COM = [
  '1111111001111111001111111',
  '1000001010111011101000001',
  '1011101000110001101011101',
  '1011101000011011001011101',
  '1011101010000111001011101',
  '1000001000001111001000001',
  '1111111010101010101111111',
  '0000000000011110100000000',
  '1010101001101011100010010',
  '1000100110101000001000001',
  '1100001000100100000110111',
  '0001100110101001110000010',
  '0100101011111000111001011',
  '0011110110111100111001001',
  '1011101111011010101100111',
  '0101010000001111100010010',
  '1001111000010011111111000',
  '0000000011010011100011011',
  '1111111001100101101011011',
  '1000001001010000100011001',
  '1011101010001000111111001',
  '1011101000011101000111100',
  '1011101010011010100010001',
  '1000001000001110101011010',
  '1111111010110011111100011',
];
const [LONG_TEXT, LONG_SHA256] = [
  'podium://join?mr_id=8008038&server=http%3A%2F%2Faaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.example.com%3A8080',
  '2d8bab168dfc999ddb01898aadb06aeeac4992f8cb3c70e656a3d1a3a8971fa0',
];

const rows = (text: string) => encodeQr(text).map((r) => r.map((d) => (d ? '1' : '0')).join(''));

describe('encodeQr', () => {
  it('matches a reference symbol module for module (version 2)', () => {
    expect(rows('https://example.com')).toEqual(EXAMPLE_COM);
  });

  it('matches a reference symbol with version information (version 9)', () => {
    const m = rows(LONG_TEXT);
    expect(m).toHaveLength(53);
    expect(createHash('sha256').update(m.join('')).digest('hex')).toBe(LONG_SHA256);
  });

  it('refuses a text beyond version 10', () => {
    expect(() => encodeQr('x'.repeat(300))).toThrow(RangeError);
  });
});
