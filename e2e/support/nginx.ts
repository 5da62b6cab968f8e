// deploy/nginx.conf, as deployed, run by the tests: the file is rendered with only the instance
// lines, the listen address and the paths changed (each replacement must find its line, so the
// file and the tests cannot drift apart), and started as `nginx -p <dir> -c <file>` in the
// foreground with everything it writes under a throwaway folder.
import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

export const DEPLOYED_NGINX_CONF = path.resolve('deploy/nginx.conf');
export const NGINX_BINARY = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export type NginxRendering = {
  /** host:port nginx listens on. */
  listen: string;
  /** host:port of each shop instance, in upstream order. */
  instances: readonly string[];
  /** Where nginx writes its pid, logs and temporary files. */
  runDir: string;
  /** The build's client folder (build/client), whose assets/ nginx serves. */
  clientDir: string;
  /** The worker processes' user: root when the tests run as root (they read the throwaway folder), none otherwise. */
  user: string | null;
};

/** Replaces what `pattern` matches, which must occur exactly `times` times in `source`. */
function replaceExactly(source: string, pattern: RegExp, replacement: string, times: number, what: string): string {
  const found = source.match(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`))?.length ?? 0;
  if (found !== times) throw new Error(`deploy/nginx.conf: expected ${times} × ${what}, found ${found}`);
  return source.replace(new RegExp(pattern.source, `${pattern.flags.replace('g', '')}g`), replacement);
}

/** The deployed file with the tests' ports and paths; everything else as written. */
export function renderNginxConfig(source: string, rendering: NginxRendering): string {
  const { runDir } = rendering;
  let config = source;
  config = replaceExactly(config, /^user .*;$/m, rendering.user ? `user ${rendering.user};` : '', 1, 'user');
  config = replaceExactly(config, /^pid .*;$/m, `pid ${runDir}/nginx.pid;`, 1, 'pid');
  config = replaceExactly(config, /^error_log \S+/m, `error_log ${runDir}/error.log`, 1, 'error_log');
  config = replaceExactly(config, /access_log \S+/m, `access_log ${runDir}/access.log`, 1, 'access_log');
  config = replaceExactly(config, /\/var\/lib\/nginx\//m, `${runDir}/temp/`, 5, 'temporary path');
  config = replaceExactly(config, /^\s*listen 80;$/m, `        listen ${rendering.listen};`, 1, 'listen 80');
  config = replaceExactly(config, /root \/srv\/shop\/build\/client;/m, `root ${rendering.clientDir};`, 1, 'assets root');
  // The instance lines, one block: the first keeps its place and takes every test instance.
  const instanceLine = /^([ \t]*)server 127\.0\.0\.1:\d+( [^;\n]*)?;\n/m;
  const [first, indent = '', parameters = ''] = instanceLine.exec(config) ?? [];
  if (!first) throw new Error('deploy/nginx.conf: no upstream instance line');
  const lines = rendering.instances.map((instance) => `${indent}server ${instance}${parameters};\n`).join('');
  config = config.replace(first, '@@INSTANCES@@\n');
  config = replaceExactly(config, instanceLine, '', 1, 'second upstream instance line');
  return config.replace('@@INSTANCES@@\n', lines);
}

export type RunningNginx = {
  url: string;
  accessLog: () => Promise<string>;
  stop: () => Promise<void>;
};

async function waitUntilAnswering(url: string, exited: () => string | null): Promise<void> {
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

/** Renders deploy/nginx.conf for `instances` and runs it in the foreground on `port`. */
export async function startNginx(options: { port: number; instances: readonly string[]; clientDir: string }): Promise<RunningNginx> {
  const runDir = await mkdtemp(path.join(os.tmpdir(), 'shop-nginx-'));
  await mkdir(path.join(runDir, 'temp'));
  const listen = `127.0.0.1:${options.port}`;
  const user = process.getuid?.() === 0 ? 'root' : null;
  const config = renderNginxConfig(await readFile(DEPLOYED_NGINX_CONF, 'utf8'), { listen, instances: options.instances, runDir, clientDir: options.clientDir, user });
  const configFile = path.join(runDir, 'nginx.conf');
  await writeFile(configFile, config);
  const output: string[] = [];
  const nginx = spawn(NGINX_BINARY, ['-p', runDir, '-c', configFile, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  nginx.stdout.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  nginx.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  let exitMessage: string | null = null;
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
