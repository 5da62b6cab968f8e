import { describe, expect, it } from 'vitest';
import { isSubmissionKey } from './submission-key';

describe('isSubmissionKey', () => {
  it('takes the UUIDs the shop makes, in either case', () => {
    expect(isSubmissionKey(crypto.randomUUID())).toBe(true);
    expect(isSubmissionKey('0B7F5C3E-9A51-4C8E-8D2A-2F1E6F0A9B11')).toBe(true);
  });

  it('refuses anything else: absent, empty, cut short, padded or with other characters', () => {
    for (const value of [null, '', '0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b1', ' 0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b11', '0b7f5c3e-9a51-4c8e-8d2a-2f1e6f0a9b1z', "x' or 1=1"]) {
      expect(isSubmissionKey(value)).toBe(false);
    }
  });
});
