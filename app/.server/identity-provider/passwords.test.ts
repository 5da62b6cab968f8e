import { describe, expect, it } from 'vitest';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('stores a self-describing scrypt string with a random salt', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toBe(second);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('correct horse battery');
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('treats composed and decomposed accents as the same password', async () => {
    const stored = await hashPassword('caff\u00e8-latte-2024');
    await expect(verifyPassword('caffe\u0300-latte-2024', stored)).resolves.toBe(true);
  });

  it('refuses tampered or malformed hashes instead of throwing', async () => {
    const stored = await hashPassword('correct horse battery');
    const parts = stored.split('$');
    const flipped = [...parts.slice(0, 5), `${parts[5]!.startsWith('A') ? 'B' : 'A'}${parts[5]!.slice(1)}`].join('$');
    await expect(verifyPassword('correct horse battery', flipped)).resolves.toBe(false);
    const otherSalt = [...parts.slice(0, 4), 'AAAAAAAAAAAAAAAAAAAAAA', parts[5]].join('$');
    await expect(verifyPassword('correct horse battery', otherSalt)).resolves.toBe(false);
    for (const bad of ['', 'plain', 'scrypt$3$8$1$x$y', 'bcrypt$32768$8$1$aaaaaaaaaaa$bbbbbbbbbbbbbbbbbbbbbb', `scrypt$${2 ** 24}$8$1$${parts[4]}$${parts[5]}`]) {
      await expect(verifyPassword('correct horse battery', bad)).resolves.toBe(false);
    }
  });

  it('checks cheaper stored parameters too (hashes can be upgraded later)', async () => {
    const stored = await hashPassword('correct horse battery', { N: 2 ** 10, r: 8, p: 1 });
    expect(stored.startsWith('scrypt$1024$8$1$')).toBe(true);
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
  });

  it('the dummy check always fails', async () => {
    await expect(verifyAgainstDummy('anything at all')).resolves.toBe(false);
  });
});
