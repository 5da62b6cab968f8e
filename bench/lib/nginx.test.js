// @ts-check
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { DEPLOYED_NGINX_CONF, renderNginxConfig } from './nginx.js';

const deployed = readFileSync(DEPLOYED_NGINX_CONF, 'utf8');
const rendering = { listen: '127.0.0.1:8080', instances: ['127.0.0.1:9001', '127.0.0.1:9002', '127.0.0.1:9003'], runDir: '/tmp/run', clientDir: '/app/build/client', user: null };

test('deploy/nginx.conf rendered: the instances, listen address and paths change, the rest stays as written', () => {
  const config = renderNginxConfig(deployed, rendering);
  assert.deepEqual(
    [...config.matchAll(/^\s*server (\S+) max_fails=1 fail_timeout=2s;$/gm)].map((match) => match[1]),
    rendering.instances,
  );
  // The same instances again, as backups never marked failed, after the block above.
  assert.deepEqual(
    [...config.matchAll(/^\s*server (\S+) backup max_fails=0;$/gm)].map((match) => match[1]),
    rendering.instances,
  );
  assert.ok(config.indexOf('fail_timeout=2s;') < config.indexOf('backup'), 'the backups after the instances');
  assert.match(config, /^\s*listen 127\.0\.0\.1:8080;$/m);
  assert.match(config, /root \/app\/build\/client;/);
  assert.match(config, /^pid \/tmp\/run\/nginx\.pid;$/m);
  assert.doesNotMatch(config, /\/var\/| \/run\/|^user /m);
  // What is proven must be what is deployed: every other line is untouched.
  const untouched = (/** @type {string} */ text) => text.split('\n').filter((line) => line.trim() !== '' && !/server 127|listen|root |^pid|error_log|access_log|_temp_path|^user /.test(line));
  assert.deepEqual(untouched(config), untouched(deployed));
});

test('a line the rendering relies on is missing: it says which, instead of running another config', () => {
  assert.throws(() => renderNginxConfig(deployed.replace('listen 80;', 'listen 8000;'), rendering), /listen 80/);
  assert.throws(() => renderNginxConfig(deployed.replace(/^pid .*$/m, ''), rendering), /pid/);
  assert.throws(() => renderNginxConfig(deployed.replace(/^.*backup.*\n/gm, ''), rendering), /2 blocks of upstream instance lines/);
  assert.throws(() => renderNginxConfig(deployed.replace(/^.*:3002 backup.*\n/m, ''), rendering), /one line per instance in each/);
});
