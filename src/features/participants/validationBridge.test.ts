import { describe, expect, it } from 'vitest';
import { checkCustomTab, checkTempCall } from './validationBridge';

describe('checkCustomTab', () => {
  it('refuses a tab without criteria (no text and no selection) as incorrect input', () => {
    expect(checkCustomTab('Empty', '', [], 0)).toBe('invalid');
    expect(checkCustomTab('Empty', '   ', [], 0, false)).toBe('invalid');
    expect(checkCustomTab('By text', 'hall', [], 0)).toBeNull();
    expect(checkCustomTab('By selection', '', [], 0, true)).toBeNull();
  });
});

describe('checkTempCall', () => {
  it('refuses letters in the ##password and an impossible @IP', () => {
    expect(checkTempCall('8008099##pw@999.1.1.1', 'Guest')).toBe('addressFormat');
    expect(checkTempCall('8008099##1234@10.0.0.1', 'Guest')).toBeNull();
  });
});
