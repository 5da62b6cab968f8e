// @ts-check
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { cookiesFor, figuresOf, formatFigures, medianFigures, networkConditions, parseOptions, SCENARIOS, SLOW_NETWORK, verdict } from './slow.js';

describe('networkConditions', () => {
  it('gives CDP the issue’s profile in bytes per second', () => {
    assert.deepEqual(networkConditions(SLOW_NETWORK), { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 });
  });
});

describe('parseOptions', () => {
  it('defaults to 5 runs of every scenario at 4× CPU, building first', () => {
    assert.deepEqual(parseOptions([]), { help: false, runs: 5, scenarios: ['products', 'buy-form', 'checkout'], cpuSlowdown: 4, build: true, reportOnly: false });
  });
  it('takes a list of scenarios once each, runs, slowdown and the flags', () => {
    const options = parseOptions(['--scenario', 'checkout, products,checkout', '--runs', '9', '--cpu-slowdown', '2', '--no-build', '--report-only']);
    assert.deepEqual(options, { help: false, runs: 9, scenarios: ['checkout', 'products'], cpuSlowdown: 2, build: false, reportOnly: true });
  });
  it('refuses an unknown scenario, a run count that is not a whole number ≥ 1, a slowdown below 1', () => {
    assert.throws(() => parseOptions(['--scenario', 'home']), /unknown "home"/);
    assert.throws(() => parseOptions(['--runs', '0']), /--runs/);
    assert.throws(() => parseOptions(['--runs', '2.5']), /--runs/);
    assert.throws(() => parseOptions(['--cpu-slowdown', '0.5']), /--cpu-slowdown/);
  });
});

describe('cookiesFor', () => {
  it('splits a cookie header into Playwright cookies, keeping = inside values', () => {
    assert.deepEqual(cookiesFor('a=1; __session=x=y==; junk', 'http://127.0.0.1:3000'), [
      { name: 'a', value: '1', url: 'http://127.0.0.1:3000' },
      { name: '__session', value: 'x=y==', url: 'http://127.0.0.1:3000' },
    ]);
  });
});

const link = { name: 'link', selector: 'a', hydrates: false };
const form = { name: 'form', selector: 'form button', hydrates: true };

describe('figuresOf', () => {
  it('a page without JavaScript is usable once the element is painted, not before the first contentful paint', () => {
    const figures = figuresOf({ fcp: 900, lcp: 1500, longTaskMs: 0, watches: { link: { present: 700, painted: 720 } } }, link, { responseStart: 300, load: 1000, transferBytes: 37_700 });
    assert.equal(figures.painted, 900);
    assert.equal(figures.usable, 900);
    assert.equal(figures.hydrated, null);
    assert.equal(figures.ttfb, 300);
    assert.equal(figures.lcp, 1500);
    assert.equal(figures.transferKB, 37.7);
  });
  it('a page that hydrates is usable only once hydrated, however early it painted', () => {
    const figures = figuresOf({ fcp: 1000, longTaskMs: 120, watches: { form: { present: 1100, painted: 1150, hydrated: 2900 } } }, form);
    assert.equal(figures.painted, 1150);
    assert.equal(figures.usable, 2900);
    assert.equal(figures.longTaskMs, 120);
  });
  it('a page that never hydrated is never usable', () => {
    assert.equal(figuresOf({ fcp: 1000, longTaskMs: 0, watches: { form: { present: 1100, painted: 1150 } } }, form).usable, null);
    assert.equal(figuresOf({ longTaskMs: 0, watches: {} }, link).usable, null);
  });
  it('after a click counts from the click, without the navigation’s figures', () => {
    const marks = { fcp: 500, lcp: 600, lastLongTaskEnd: 9000, longTaskMs: 800, click: 4000, watches: { form: { present: 5000, painted: 5020, hydrated: 5010 } } };
    const figures = figuresOf(marks, form, { from: 4000, transferBytes: 22_000, responseStart: 4400 });
    assert.deepEqual([figures.fcp, figures.lcp, figures.load], [null, null, null]);
    assert.equal(figures.ttfb, 400);
    assert.equal(figures.usable, 1020);
    assert.equal(figures.quiet, 5000);
  });
  it('a long task that ended before the click is not after it', () => {
    const figures = figuresOf({ lastLongTaskEnd: 3000, longTaskMs: 60, click: 4000, watches: {} }, form, { from: 4000 });
    assert.equal(figures.quiet, null);
  });
});

describe('medianFigures and verdict', () => {
  const run = (/** @type {number | null} */ usable) => ({ ...figuresOf({ fcp: 100, longTaskMs: 0, watches: {} }, link), usable });
  it('takes the median of each figure; a run that never became usable counts as the slowest', () => {
    assert.equal(medianFigures([run(1000), run(3000), run(2000)]).usable, 2000);
    assert.equal(medianFigures([run(1000), run(null), run(null)]).usable, Infinity);
    assert.equal(medianFigures([run(1000), run(3000), run(2000), run(null)]).usable, 2500);
    assert.equal(medianFigures([run(1000)]).hydrated, null);
    assert.equal(medianFigures([run(1000)], ['usable', 'hydrated']).hydrated, Infinity);
    assert.equal(medianFigures([run(1000)]).ttfb, null);
  });
  it('passes at the target and fails above it or when never usable', () => {
    assert.equal(verdict(2000, 2000), 'PASS');
    assert.equal(verdict(2001, 2000), 'FAIL');
    assert.equal(verdict(Infinity, 2000), 'FAIL');
    assert.equal(verdict(null, 2000), 'FAIL');
  });
  it('prints never, dashes for figures a scenario has not, and KB with a decimal', () => {
    const printed = formatFigures({ cold: medianFigures([run(null)]), warm: medianFigures([{ ...run(1234.4), transferKB: 10.44 }]) });
    assert.match(printed, /^cold .*never/m);
    assert.match(printed, /^warm .*1234 .*10\.4$/m);
  });
});

describe('SCENARIOS', () => {
  it('has the issue’s targets: /products 2 s, buy form 3 s, cart → checkout 3 s', () => {
    assert.deepEqual(Object.fromEntries(Object.entries(SCENARIOS).map(([name, scenario]) => [name, scenario.targetMs])), { products: 2000, 'buy-form': 3000, checkout: 3000 });
  });
  it('waits for hydration where the page ships JavaScript (the catalogue ships none)', () => {
    assert.equal(SCENARIOS.products?.watch.hydrates, false);
    assert.equal(SCENARIOS['buy-form']?.watch.hydrates, true);
    assert.equal(SCENARIOS.checkout?.watch.hydrates, true);
  });
});
