import { describe, expect, it } from 'vitest';
import { isAcceptableEmail } from './email';

describe('isAcceptableEmail', () => {
  it.each([
    ['ada@example.org', true],
    ["o'neil+gift@mail.example.co.uk", true],
    ['ada@example', false],
    ['@example.org', false],
    ['ada@@example.org', false],
    [`${'a'.repeat(64)}@${'b'.repeat(177)}.example.org`, true], // 254
    [`${'a'.repeat(64)}@${'b'.repeat(178)}.example.org`, false], // 255
  ])('%j → %s', (email, acceptable) => {
    expect(isAcceptableEmail(email)).toBe(acceptable);
  });
});
