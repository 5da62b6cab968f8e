// @ts-check
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slowestTests } from './test-timings.js';

const vitest = {
  testResults: [
    { name: '/home/ci/shop/tests/cart.test.ts', assertionResults: [{ fullName: 'cart adds', duration: 1200 }, { fullName: 'cart removes', duration: 30 }] },
    { name: '/home/ci/shop/app/domain/age.test.ts', assertionResults: [{ fullName: 'age at 18', duration: 2 }] },
  ],
};
const playwright = {
  suites: [
    {
      title: 'cart.spec.ts',
      specs: [{ title: 'buys', file: 'cart.spec.ts', tests: [{ projectName: 'js', results: [{ duration: 900 }, { duration: 2100 }] }, { projectName: 'no-js', results: [{ duration: 500 }] }] }],
      suites: [{ title: 'nested', specs: [{ title: 'deep', file: 'cart.spec.ts', tests: [{ projectName: 'js', results: [{ duration: 1500 }] }] }] }],
    },
  ],
};

test('merges both runners’ reports, slowest first, retries of a test added up, paths from the repository on', () => {
  assert.deepEqual(slowestTests([vitest, playwright], 4), [
    { name: 'cart.spec.ts › [js] buys', ms: 3000 },
    { name: 'cart.spec.ts › [js] deep', ms: 1500 },
    { name: 'tests/cart.test.ts › cart adds', ms: 1200 },
    { name: 'cart.spec.ts › [no-js] buys', ms: 500 },
  ]);
});

test('answers nothing for empty reports', () => {
  assert.deepEqual(slowestTests([{ testResults: [] }, { suites: [] }], 15), []);
});
