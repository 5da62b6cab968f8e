// @ts-check
// Unit tests of the report's judgement of its own figures: `npm run bench:test` (node:test).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unequalLoadWarning } from './summary.js';

const MINIMAL = 'minimal React Router app';
const TARGETS = ['floor', '/products'];
/** @param {number | null} minimal @param {number | null} floor @param {number | null} products */
const load = (minimal, floor, products) => [
  { build: 'fixture', route: MINIMAL, serverCpuShare: minimal },
  { build: 'shop', route: 'floor', serverCpuShare: floor },
  { build: 'shop', route: '/products', serverCpuShare: products },
  // Not a target: never named, however busy.
  { build: 'shop', route: 'checkout', serverCpuShare: 1 },
];

describe('unequalLoadWarning', () => {
  it('warns when the reference ran below saturation and a target route at it, naming both shares', () => {
    const warning = unequalLoadWarning(load(0.83, 1.02, 0.7), MINIMAL, TARGETS);
    assert.match(warning ?? '', /minimal React Router app kept its server at 83 % of a CPU/);
    assert.match(warning ?? '', /shop floor at 102 % or more/);
    assert.doesNotMatch(warning ?? '', /products|checkout/);
    assert.match(warning ?? '', /--rate/);
  });
  it('is silent when the reference was saturated too, when no target route was, or without figures', () => {
    assert.equal(unequalLoadWarning(load(0.95, 1.02, 1.01), MINIMAL, TARGETS), null);
    assert.equal(unequalLoadWarning(load(0.5, 0.6, 0.55), MINIMAL, TARGETS), null);
    assert.equal(unequalLoadWarning(load(null, 1, 1), MINIMAL, TARGETS), null);
    assert.equal(unequalLoadWarning(load(0.5, 1, 1), 'another app', TARGETS), null);
  });
});
