import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readConfig, type Config } from './env';
import { parseUploadsKey, UPLOADS_KEY_BYTES } from './uploads/key';

export const SESSION_SECRET_FILE = 'session-secret';
export const UPLOADS_KEY_FILE = 'uploads-key';

/**
 * The offline session secret: made at random on first start and kept in `dataDir` (mode 0600),
 * so restarts keep sessions and nobody else knows it.
 */
export async function localSessionSecret(dataDir: string): Promise<string> {
  return storedSecret(dataDir, SESSION_SECRET_FILE, (file, text) => {
    // Too short to be ours (edited by hand?): refuse rather than sign sessions with it.
    if (text.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to make a new one`);
    return text;
  });
}

/**
 * The offline key of the stored identity documents, made and kept like the session secret.
 * Deleting the file makes every stored document unreadable, so a bad file stops the start
 * instead of being replaced.
 */
export async function localUploadsKey(dataDir: string): Promise<Buffer> {
  const text = await storedSecret(dataDir, UPLOADS_KEY_FILE, (file, stored) => {
    if (!parseUploadsKey(stored)) throw new Error(`${file} does not hold a ${UPLOADS_KEY_BYTES}-byte key`);
    return stored;
  });
  return parseUploadsKey(text) as Buffer;
}

/**
 * A random 32-byte secret (base64url) in `dataDir/name`, made on first use. The file appears
 * whole and only once: it is written under a private name and hard-linked into place, which
 * fails with EEXIST if another instance got there first — then that instance's secret is used.
 */
async function storedSecret(dataDir: string, name: string, check: (file: string, text: string) => string): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, name);
  const existing = await readSecret(file, check);
  if (existing) return existing;
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readSecret(file, check);
    if (!winner) throw new Error(`${file} exists but holds no usable secret`, { cause: error });
    return winner;
  } finally {
    await rm(draft, { force: true });
  }
}

async function readSecret(file: string, check: (file: string, text: string) => string): Promise<string | null> {
  try {
    return check(file, (await readFile(file, 'utf8')).trim());
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The configuration, with the stored offline secret when SESSION_SECRET is not set and the
 * stored uploads key when UPLOADS_KEY is not set (outside production, which demands both).
 * readConfig stays free of I/O.
 */
export async function readConfigWithSecret(env: Record<string, string | undefined>): Promise<Config> {
  const config = readConfig(env);
  if (config.production) return config;
  return readConfig(env, {
    localSessionSecret: env.SESSION_SECRET ? undefined : await localSessionSecret(config.dataDir),
    localUploadsKey: config.uploads.key ? undefined : await localUploadsKey(config.dataDir),
  });
}
