import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localUploadsKey, readConfigWithSecret, UPLOADS_KEY_FILE } from '../app/.server/secrets';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-uploads-key-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the offline uploads key', () => {
  it('is 32 random bytes, stored under DATA_DIR readable by its owner only, and the same on the next start', async () => {
    const config = await readConfigWithSecret({ DATA_DIR: dataDir });
    const key = config.uploads.key;
    expect(key?.length).toBe(32);
    const file = path.join(dataDir, UPLOADS_KEY_FILE);
    expect(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url').equals(key ?? Buffer.alloc(0))).toBe(true);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readConfigWithSecret({ DATA_DIR: dataDir })).uploads.key?.equals(key ?? Buffer.alloc(0))).toBe(true);
    // Not the session secret, and another data directory has another key.
    expect(config.sessionSecret).not.toBe(key?.toString('base64url'));
    const other = await mkdtemp(path.join(os.tmpdir(), 'shop-uploads-key-'));
    try {
      expect((await localUploadsKey(other)).equals(key ?? Buffer.alloc(0))).toBe(false);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('is one key when several instances start together on one data directory', async () => {
    const keys = await Promise.all(Array.from({ length: 8 }, () => localUploadsKey(path.join(dataDir, 'fresh'))));
    expect(new Set(keys.map((key) => key.toString('hex'))).size).toBe(1);
  });

  it('is not made when UPLOADS_KEY is set or in production', async () => {
    const configured = randomBytes(32);
    const config = await readConfigWithSecret({ DATA_DIR: dataDir, UPLOADS_KEY: configured.toString('hex') });
    expect(config.uploads.key?.equals(configured)).toBe(true);
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
      DATA_DIR: dataDir,
    };
    await expect(readConfigWithSecret(production)).rejects.toThrow(/UPLOADS_KEY is required/);
    await expect(stat(path.join(dataDir, UPLOADS_KEY_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('stops the start on a stored key that is not 32 bytes instead of replacing it', async () => {
    await writeFile(path.join(dataDir, UPLOADS_KEY_FILE), 'not-a-key\n');
    await expect(localUploadsKey(dataDir)).rejects.toThrow(/does not hold a 32-byte key/);
    expect(await readFile(path.join(dataDir, UPLOADS_KEY_FILE), 'utf8')).toBe('not-a-key\n');
  });
});
