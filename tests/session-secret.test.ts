import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConfig } from '../app/.server/env';
import { localSessionSecret, readConfigWithSecret, SESSION_SECRET_FILE } from '../app/.server/secrets';

let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'shop-secret-'));
});

afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('the offline session secret', () => {
  it('is random, stored under DATA_DIR readable by its owner only, and the same on the next start', async () => {
    const config = await readConfigWithSecret({ DATA_DIR: dataDir });
    expect(config.sessionSecret).not.toBe(readConfig({}).sessionSecret);
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    expect((await readFile(file, 'utf8')).trim()).toBe(config.sessionSecret);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect((await readConfigWithSecret({ DATA_DIR: dataDir })).sessionSecret).toBe(config.sessionSecret);
    // Another data directory, another secret.
    const other = await mkdtemp(path.join(os.tmpdir(), 'shop-secret-'));
    try {
      expect(await localSessionSecret(other)).not.toBe(config.sessionSecret);
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('is one secret when several instances start together on one data directory', async () => {
    const secrets = await Promise.all(Array.from({ length: 8 }, () => localSessionSecret(path.join(dataDir, 'fresh'))));
    expect(new Set(secrets).size).toBe(1);
  });

  it('is not made when SESSION_SECRET is set or in production', async () => {
    const secret = 'a-configured-secret-of-at-least-32-characters';
    expect((await readConfigWithSecret({ DATA_DIR: dataDir, SESSION_SECRET: secret })).sessionSecret).toBe(secret);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://shop.example', DATA_DIR: dataDir };
    await expect(readConfigWithSecret(production)).rejects.toThrow(/SESSION_SECRET is required/);
    await expect(stat(path.join(dataDir, SESSION_SECRET_FILE))).rejects.toThrow(/ENOENT/);
  });

  it('refuses a stored secret that is too short instead of signing with it', async () => {
    await writeFile(path.join(dataDir, SESSION_SECRET_FILE), 'short\n');
    await expect(localSessionSecret(dataDir)).rejects.toThrow(/shorter than 32 characters/);
  });
});
