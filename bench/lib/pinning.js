// @ts-check
// CPU pinning of the bench's own process. `taskset -p` alone moves only the thread it names (the
// main thread): V8's platform threads (garbage collection, compilers), started with node, stayed
// free to run on the servers' CPU and took their time and caches (issue 32, stop 44).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Pins every thread of process `pid` to `cpu` (`taskset -a`); threads started later inherit it.
 * Throws when taskset is missing or refuses.
 * @param {number} pid
 * @param {string} cpu  a `taskset -c` CPU list
 */
export function pinAllThreads(pid, cpu) {
  execFileSync('taskset', ['-a', '-p', '-c', cpu, String(pid)], { stdio: 'ignore' });
}

/**
 * The CPU list each thread of process `pid` may run on (Linux /proc), e.g. `['1', '1', '0-1']`.
 * @param {number} pid
 * @returns {string[]}
 */
export function threadCpuLists(pid) {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
    return /^Cpus_allowed_list:\s*(\S+)/m.exec(status)?.[1] ?? '?';
  });
}
