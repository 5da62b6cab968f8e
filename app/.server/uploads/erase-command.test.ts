import { describe, expect, it } from 'vitest';
import { eraseTargetOf } from './erase-command';

describe('the erase command’s arguments', () => {
  it('takes a fan by e-mail or by customer id', () => {
    expect(eraseTargetOf(['--email', 'Fan@Example.org'])).toEqual({ email: 'Fan@Example.org' });
    expect(eraseTargetOf(['--customer', '0b0e4a3c-1f2d-4c5b-9a8e-7d6c5b4a3f21'])).toEqual({ customerId: '0b0e4a3c-1f2d-4c5b-9a8e-7d6c5b4a3f21' });
  });

  it('refuses nothing, both, a value missing, an e-mail without @ and an id that is not one', () => {
    expect(eraseTargetOf([])).toBeNull();
    expect(eraseTargetOf(['--email', 'a@b.c', '--customer', '0b0e4a3c-1f2d-4c5b-9a8e-7d6c5b4a3f21'])).toBeNull();
    expect(eraseTargetOf(['--email'])).toBeNull();
    expect(eraseTargetOf(['--email', 'fan.example.org'])).toBeNull();
    expect(eraseTargetOf(['--customer', '42'])).toBeNull();
  });
});
