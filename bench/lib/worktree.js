// @ts-check
// `--compare <ref>`: the ref checked out in a temporary git worktree (node_modules: a symlink to
// this checkout's), built with its own `npm run build`, so both builds run on the same machine.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchError, build } from './server.js';

/** @param {string} cwd @param {string[]} args */
const git = (cwd, args) => execFileSync('git', args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] }).toString().trim();

/**
 * @param {string} root
 * @param {string} ref
 * @param {(remove: () => void) => void} onCreated  registers the removal before the build can fail
 * @param {(running: import('./child.js').Tracked) => void} onBuild
 * @returns {Promise<{ dir: string, commit: string }>}
 */
export async function checkOutRef(root, ref, onCreated, onBuild) {
  let commit;
  try {
    commit = git(root, ['rev-parse', '--verify', '--short', `${ref}^{commit}`]);
  } catch {
    throw new BenchError(`--compare: ${ref} is not a commit of this repository`);
  }
  const parent = mkdtempSync(path.join(os.tmpdir(), 'bench-compare-'));
  const dir = path.join(parent, 'checkout');
  git(root, ['worktree', 'add', '--detach', dir, commit]);
  onCreated(() => {
    try {
      git(root, ['worktree', 'remove', '--force', dir]);
    } catch {
      git(root, ['worktree', 'prune']);
    }
    rmSync(parent, { recursive: true, force: true });
  });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await build(dir, onBuild);
  return { dir, commit };
}
