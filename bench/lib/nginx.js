// @ts-check
// deploy/nginx.conf, as deployed, run by the e2e `cluster` project and `npm run bench:restart`:
// the file is rendered with only the instance lines, the listen address and the paths changed
// (each replacement must find its line, so the file and its users cannot drift apart), and
// started as `nginx -p <dir> -c <file>` in the foreground with everything it writes under a
// throwaway folder. Types for the e2e TypeScript: nginx.d.ts.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const DEPLOYED_NGINX_CONF = fileURLToPath(new URL('../../deploy/nginx.conf', import.meta.url));
export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/**
 * @typedef {object} NginxRendering
 * @property {string} listen  host:port nginx listens on
 * @property {readonly string[]} instances  host:port of each shop instance, in upstream order
 * @property {string} runDir  where nginx writes its pid, logs and temporary files
 * @property {string} clientDir  the build's client folder (build/client), whose assets/ nginx serves
 * @property {string | null} user  the worker processes' user: root when run as root (they read the throwaway folder), none otherwise
 */

/**
 * Replaces what `pattern` matches, which must occur exactly `times` times in `source`.
 * @param {string} source @param {RegExp} pattern @param {string} replacement @param {number} times @param {string} what
 */
function replaceExactly(source, pattern, replacement, times, what) {
  const found = source.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (found !== times) throw new Error(`deploy/nginx.conf: expected ${times} × ${what}, found ${found}`);
  return source.replace(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`), replacement);
}

/**
 * The deployed file with the tests' ports and paths; everything else as written.
 * @param {string} source @param {NginxRendering} rendering
 */
export function renderNginxConfig(source, rendering) {
  const { runDir } = rendering;
  let config = source;
  config = replaceExactly(config, /^user .*;$/m, rendering.user ? `user ${rendering.user};` : '', 1, 'user');
  config = replaceExactly(config, /^pid .*;$/m, `pid ${runDir}/nginx.pid;`, 1, 'pid');
  config = replaceExactly(config, /^error_log \S+/m, `error_log ${runDir}/error.log`, 1, 'error_log');
  config = replaceExactly(config, /access_log \S+/m, `access_log ${runDir}/access.log`, 1, 'access_log');
  config = replaceExactly(config, /\/var\/lib\/nginx\//m, `${runDir}/temp/`, 5, 'temporary path');
  config = replaceExactly(config, /^\s*listen 80;$/m, `        listen ${rendering.listen};`, 1, 'listen 80');
  config = replaceExactly(config, /root \/srv\/shop\/build\/client;/m, `root ${rendering.clientDir};`, 1, 'assets root');
  // The instance lines come in blocks, one per set of parameters (the instances, then the same
  // instances as backups), one line per deployed instance in each: each block keeps its place
  // and its parameters, and takes every test instance.
  const instanceLines = [...config.matchAll(/^([ \t]*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/gm)];
  /** @type {Map<string, RegExpMatchArray[]>} */
  const blocks = new Map();
  for (const line of instanceLines) blocks.set(line[2] ?? '', [...(blocks.get(line[2] ?? '') ?? []), line]);
  const deployedInstances = new Set(instanceLines.map((line) => /:(\d+)/.exec(line[0])?.[1]));
  if (blocks.size !== 2 || [...blocks.values()].some((lines) => lines.length !== deployedInstances.size)) {
    throw new Error(`deploy/nginx.conf: expected 2 blocks of upstream instance lines (the instances, their backups), one line per instance in each; found ${[...blocks].map(([parameters, lines]) => `${lines.length} ×${parameters}`).join(', ')}`);
  }
  for (const [parameters, [first, ...rest]] of blocks) {
    const indent = first?.[1] ?? '';
    const lines = rendering.instances.map((instance) => `${indent}server ${instance}${parameters};\n`).join('');
    for (const line of rest) config = config.replace(line[0], '');
    config = config.replace(/** @type {RegExpMatchArray} */ (first)[0], lines);
  }
  return config;
}

/**
 * @typedef {object} RunningNginx
 * @property {string} url
 * @property {() => Promise<string>} accessLog
 * @property {() => Promise<string>} errorLog
 * @property {(down: readonly string[]) => Promise<void>} reload  renders the file again with the
 *   instances in `down` marked `down`, reloads (SIGHUP), and resolves once the old workers have
 *   exited: they finish their requests and close their idle connections to the instances first
 * @property {() => Promise<void>} stop
 */

/** The worker processes of nginx's master `pid` (Linux /proc). @param {number} pid */
async function childrenOf(pid) {
  const children = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // pid (comm) state ppid …: comm may hold spaces, so read after its closing parenthesis.
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/** @param {string} url @param {() => string | null} exited */
async function waitUntilAnswering(url, exited) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const failure = exited();
    if (failure) throw new Error(failure);
    try {
      await fetch(`${url}/healthz`);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nginx did not answer at ${url}`);
}

/**
 * Renders deploy/nginx.conf for `instances` and runs it in the foreground on `port`.
 * @param {{ port: number, instances: readonly string[], clientDir: string }} options
 * @returns {Promise<RunningNginx>}
 */
export async function startNginx(options) {
  const runDir = await mkdtemp(path.join(os.tmpdir(), 'shop-nginx-'));
  await mkdir(path.join(runDir, 'temp'));
  const listen = `127.0.0.1:${options.port}`;
  const user = process.getuid?.() === 0 ? 'root' : null;
  const deployed = await readFile(DEPLOYED_NGINX_CONF, 'utf8');
  const configFile = path.join(runDir, 'nginx.conf');
  const write = (/** @type {readonly string[]} */ down) => {
    // `server 127.0.0.1:3001 down max_fails=…`: nginx takes a server's parameters in any order.
    const instances = options.instances.map((instance) => (down.includes(instance) ? `${instance} down` : instance));
    return writeFile(configFile, renderNginxConfig(deployed, { listen, instances, runDir, clientDir: options.clientDir, user }));
  };
  await write([]);
  /** @type {string[]} */
  const output = [];
  const nginx = spawn(NGINX_BINARY, ['-p', runDir, '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stdout.on('data', (/** @type {Buffer} */ chunk) => output.push(chunk.toString()));
  nginx.stderr.on('data', (/** @type {Buffer} */ chunk) => output.push(chunk.toString()));
  /** @type {string | null} */
  let exitMessage = null;
  nginx.on('error', (error) => {
    exitMessage = `nginx could not start (${NGINX_BINARY}): ${error.message}`;
  });
  nginx.on('exit', (code) => {
    exitMessage = `nginx exited with code ${code}:\n${output.join('')}`;
  });
  const url = `http://${listen}`;
  await waitUntilAnswering(url, () => exitMessage);
  return {
    url,
    accessLog: () => readFile(path.join(runDir, 'access.log'), 'utf8'),
    errorLog: () => readFile(path.join(runDir, 'error.log'), 'utf8'),
    reload: async (down) => {
      const pid = /** @type {number} */ (nginx.pid);
      const old = new Set(await childrenOf(pid));
      await write(down);
      nginx.kill('SIGHUP');
      const deadline = Date.now() + 60_000;
      while ((await childrenOf(pid)).some((child) => old.has(child))) {
        if (exitMessage) throw new Error(exitMessage);
        if (Date.now() > deadline) throw new Error('nginx: the old workers did not exit within 60 s of a reload');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: async () => {
      nginx.removeAllListeners('exit');
      if (nginx.exitCode === null && nginx.signalCode === null) {
        const stopped = new Promise((resolve) => nginx.once('exit', resolve));
        nginx.kill('SIGTERM');
        await stopped;
      }
      await rm(runDir, { recursive: true, force: true });
    },
  };
}
