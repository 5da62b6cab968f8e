import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { readConfig, type Config } from './env';

export const SESSION_SECRET_FILE = 'session-secret';

/**
 * The offline session secret: made at random on first start and kept in `dataDir` (mode 0600),
 * so restarts keep sessions and nobody else knows it. The file appears whole and only once:
 * it is written under a private name and hard-linked into place, which fails with EEXIST if
 * another instance got there first — then that instance's secret is read and used.
 */
export async function localSessionSecret(dataDir: string): Promise<string> {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SESSION_SECRET_FILE);
  const existing = await readSecret(file);
  if (existing) return existing;
  const secret = randomBytes(32).toString('base64url');
  const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(draft, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await link(draft, file);
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const winner = await readSecret(file);
    if (!winner) throw new Error(`${file} exists but holds no usable secret`, { cause: error });
    return winner;
  } finally {
    await rm(draft, { force: true });
  }
}

async function readSecret(file: string): Promise<string | null> {
  try {
    const text = (await readFile(file, 'utf8')).trim();
    // Too short to be ours (edited by hand?): refuse rather than sign sessions with it.
    if (text.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to make a new one`);
    return text;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The configuration, with the stored offline secret when SESSION_SECRET is not set (outside
 * production; production demands SESSION_SECRET). readConfig stays free of I/O.
 */
export async function readConfigWithSecret(env: Record<string, string | undefined>): Promise<Config> {
  const config = readConfig(env);
  if (config.production || env.SESSION_SECRET) return config;
  return readConfig(env, { localSessionSecret: await localSessionSecret(config.dataDir) });
}
