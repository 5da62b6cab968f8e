// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { restartPlan, rollingVerdict } from './rolling-verdict.js';

const clean = { requests: 500, serverErrors: 0, errors: { unexpected: 0, network: 0 } };

test('the plan: one instance at a time — out of nginx, stopped, started, back in, settled — then the next', () => {
  assert.deepEqual(
    restartPlan(['A', 'B'], { drain: true }).map(({ instance, action }) => `${action} ${instance}`),
    ['drain A', 'stop A', 'start A', 'restore A', 'settle A', 'drain B', 'stop B', 'start B', 'restore B', 'settle B'],
  );
});

test('without draining: stopped while nginx still sends it requests', () => {
  assert.deepEqual(
    restartPlan(['A', 'B'], { drain: false }).map(({ instance, action }) => `${action} ${instance}`),
    ['stop A', 'start A', 'settle A', 'stop B', 'start B', 'settle B'],
  );
});

test('no failed request and a clean reconciliation pass', () => {
  assert.deepEqual(rollingVerdict(clean, { ok: true, problems: [] }), { requests: 500, failedRequests: 0, serverErrors: 0, lostCartItems: 0, otherProblems: [], pass: true });
});

test('an unexpected answer (a 5xx among them) or no answer is a failed request, counted once', () => {
  const verdict = rollingVerdict({ requests: 500, serverErrors: 1, errors: { unexpected: 2, network: 3 } }, { ok: true, problems: [] });
  assert.equal(verdict.failedRequests, 5);
  assert.equal(verdict.pass, false);
});

test('a 5xx no flow checked still fails the run', () => {
  assert.equal(rollingVerdict({ ...clean, serverErrors: 1 }, { ok: true, problems: [] }).pass, false);
});

test('a cart item the fan was shown and the database lacks is lost; other problems fail the run too', () => {
  const verdict = rollingVerdict(clean, {
    ok: false,
    problems: ['fan-1@example.org: cart item 0b6c2f9e-1c8e-4a57-9b0e-4e0f7f2b1d11 is missing', 'order 42 is there twice'],
  });
  assert.equal(verdict.lostCartItems, 1);
  assert.deepEqual(verdict.otherProblems, ['order 42 is there twice']);
  assert.equal(verdict.pass, false);
});

test('a run without requests proves nothing', () => {
  assert.equal(rollingVerdict({ ...clean, requests: 0 }, { ok: true, problems: [] }).pass, false);
});
