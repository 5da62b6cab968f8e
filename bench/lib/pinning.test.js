// @ts-check
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { test } from 'node:test';
import { pinAllThreads, threadCpuLists } from './pinning.js';

const canPin = os.cpus().length >= 2 && existsSync('/proc/self/task') && spawnSync('taskset', ['-V']).status === 0;

test('pinAllThreads moves every thread of a running node, not only its main thread', { skip: !canPin && 'needs taskset, /proc and two CPUs' }, async () => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30_000)'], { stdio: 'ignore' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.ok(child.pid);
    const threads = threadCpuLists(child.pid).length;
    assert.ok(threads > 1, 'node runs more than one thread');
    pinAllThreads(child.pid, '1');
    assert.deepEqual(threadCpuLists(child.pid), Array(threads).fill('1'));
  } finally {
    child.kill();
  }
});
