// @ts-check
// Unit tests of the report's judgement of its own figures: `npm run bench:test` (node:test).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarise, unequalLoadWarning } from './summary.js';

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

describe('summarise: the targets by round', () => {
  /** @param {string} target @param {string} route */
  const job = (target, route) => ({ target, route, url: `http://127.0.0.1/${encodeURIComponent(route)}`, pid: undefined });
  /** @param {number[]} cpuPerRequest */
  const rounds = (cpuPerRequest) => cpuPerRequest.map((cpu) => ({ seconds: 2, wallMs: 2100, requests: 100, non2xx: 0, errors: 0, cpuMs: cpu * 100, p50: 1, p99: 2 }));
  it('gives the × of every round beside the run’s, for each target the run measured', () => {
    const minimal = job('fixture', MINIMAL);
    const floor = job('shop', 'floor');
    const summary = summarise({
      jobs: [minimal, floor],
      probes: new Map(),
      windows: new Map([
        [minimal, rounds([1, 2, 1])],
        [floor, rounds([1.5, 2.4, 1.8])],
      ]),
      weights: [],
      targets: ['shop'],
      floor: 'floor',
      minimalApp: MINIMAL,
      shapedMinimalApp: 'shaped',
      fixtureTargets: { floor: 1.5, '/products': 3 },
      budgets: { hydratingJsKB: 150, staticJsKB: 0, cssKB: 20 },
      kilobyteBytes: 1000,
    });
    const [floorCheck, productsCheck] = summary.data.targets;
    assert.deepEqual(floorCheck?.byRound.map((value) => Number(value.toFixed(2))), [1.5, 1.2, 1.8]);
    // The run's figure stays the ratio of the sums: (1.5 + 2.4 + 1.8) / (1 + 2 + 1).
    assert.ok(Math.abs((floorCheck?.timesMinimalApp ?? 0) - 5.7 / 4) < 1e-9);
    assert.deepEqual(productsCheck?.byRound, []);
  });
});
