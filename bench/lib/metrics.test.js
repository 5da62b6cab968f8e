// @ts-check
// Unit tests of the bench's pure helpers: `npm run bench:test` (node:test; not part of vitest).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  budgetVerdict,
  combineWindows,
  cpuMsPerRequest,
  isTranslationChunk,
  listedNamespaces,
  median,
  parseProcStat,
  roundRatios,
  ratio,
  targetVerdict,
  translationNamespaceOf,
} from './metrics.js';

describe('parseProcStat', () => {
  it('reads utime and stime (fields 14 and 15) in ms', () => {
    const line = '4242 (node) S 1 4242 4242 0 -1 4194560 5000 0 0 0 1234 56 0 0 20 0 11 0 100 0 0';
    assert.deepEqual(parseProcStat(line), { userMs: 12_340, systemMs: 560, totalMs: 12_900 });
  });
  it('counts fields after the last parenthesis, whatever the command name holds', () => {
    const line = '7 (a) b (c)) R 1 7 7 0 -1 0 0 0 0 0 300 100 0 0 20 0 1 0 1 0 0';
    assert.equal(parseProcStat(line).totalMs, 4000);
  });
  it('refuses text that is not a stat line', () => {
    assert.throws(() => parseProcStat('hello'));
    assert.throws(() => parseProcStat('1 (x) S 1'));
  });
});

describe('per-request CPU and ratios', () => {
  it('divides the CPU used in the window by the completed requests', () => {
    assert.equal(cpuMsPerRequest(1000, 3000, 400), 5);
    assert.equal(cpuMsPerRequest(1000, 3000, 0), null);
  });
  it('combines windows by summing CPU and requests', () => {
    const all = combineWindows([
      { cpuMs: 100, requests: 100, seconds: 1 },
      { cpuMs: 300, requests: 100, seconds: 1 },
    ]);
    assert.equal(all.cpuMsPerRequest, 2);
    assert.equal(all.requestsPerSecond, 100);
    assert.equal(all.cpuShare, null, 'no share without the windows\' wall time');
  });
  it('says what share of one CPU the server used over the windows\' wall time', () => {
    const all = combineWindows([
      { cpuMs: 900, requests: 300, seconds: 1, wallMs: 1000 },
      { cpuMs: 700, requests: 200, seconds: 1, wallMs: 1000 },
    ]);
    assert.equal(all.cpuShare, 0.8);
  });
  it('gives a ratio only against a positive reference', () => {
    assert.equal(ratio(3, 2), 1.5);
    assert.equal(ratio(3, 0), null);
    assert.equal(ratio(null, 2), null);
  });
  it('takes the middle value', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 2, 3]), 2.5);
    assert.equal(median([]), null);
  });
});

describe('verdicts', () => {
  it('passes a weight at or under its budget and says by how much it is over', () => {
    assert.deepEqual(budgetVerdict(150_000, 150, 1000), { pass: true, overKB: 0 });
    assert.equal(budgetVerdict(175_500, 150, 1000).pass, false);
    assert.equal(Math.round(budgetVerdict(175_500, 150, 1000).overKB * 10) / 10, 25.5);
  });
  it('allows no byte at all under a 0 KB budget', () => {
    assert.equal(budgetVerdict(0, 0, 1000).pass, true);
    assert.equal(budgetVerdict(1, 0, 1000).pass, false);
  });
  it('checks a ratio against its target', () => {
    assert.equal(targetVerdict(1.4, 1.5), 'pass');
    assert.equal(targetVerdict(10, 1.5), 'fail');
    assert.equal(targetVerdict(null, 1.5), 'unknown');
  });
});

describe('listedNamespaces', () => {
  it("reads the page's list of namespaces", () => {
    const html = '<main>…</main><footer></footer><div hidden="" data-i18n-namespaces="common auth forms"></div><script type="module">';
    assert.deepEqual(listedNamespaces(html), ['common', 'auth', 'forms']);
    assert.deepEqual(listedNamespaces("<div hidden data-i18n-namespaces='common'>"), ['common']);
    assert.deepEqual(listedNamespaces('<div hidden data-i18n-namespaces="">'), []);
    const block = '<footer></footer><script type="application/json" id="page-translations" data-i18n-namespaces="common checkout">{"common":{}}</script>';
    assert.deepEqual(listedNamespaces(block), ['common', 'checkout']);
  });
  it('is null for a page without a list (no hydration, or an older build)', () => {
    assert.equal(listedNamespaces('<html lang="it"><body><main></main></body></html>'), null);
    assert.equal(listedNamespaces('<p>data-i18n-namespaces is an attribute</p>'), null);
  });
});

describe('translationNamespaceOf', () => {
  it('names the namespace of a per-namespace chunk of the language', () => {
    assert.equal(translationNamespaceOf('./locale-it-auth-CN6zhVF-.js', 'it'), 'auth');
    assert.equal(translationNamespaceOf('/assets/locale-en-forms-3f_Np-GuC.js?v=1', 'en'), 'forms');
    assert.equal(translationNamespaceOf('./locale-en-forms-3fNprGuC.js', 'it'), null);
    assert.equal(translationNamespaceOf('./resources-it-x1.js', 'it'), null);
  });
});

describe('isTranslationChunk', () => {
  it('with the page’s list: the listed namespaces’ chunks of the page language, nothing else', () => {
    const listed = ['common', 'auth'];
    assert.equal(isTranslationChunk('./locale-it-auth-CxA1b2.js', 'it', listed), true);
    assert.equal(isTranslationChunk('./locale-it-common-x-1_b.js', 'it', listed), true);
    assert.equal(isTranslationChunk('./locale-it-addresses-CxA1b2.js', 'it', listed), false);
    assert.equal(isTranslationChunk('./locale-en-auth-CxA1b2.js', 'it', listed), false);
    assert.equal(isTranslationChunk('./locale-it-auth_extra-CxA1b2.js', 'it', listed), false);
    assert.equal(isTranslationChunk('./resources-it-CxA1b2.js', 'it', listed), false);
    assert.equal(isTranslationChunk('./locale-it-auth-CxA1b2.js', 'it', []), false);
  });
  it('without a list (older builds): the page language’s resources chunk only', () => {
    assert.equal(isTranslationChunk('./resources-it-CxA1b2.js', 'it'), true);
    assert.equal(isTranslationChunk('./resources-en-CxA1b2.js', 'it'), false);
    assert.equal(isTranslationChunk('/locales/en/auth.json', 'en'), true);
  });
  it('ignores other lazy chunks', () => {
    assert.equal(isTranslationChunk('./adyen-dropin-x1.js', 'it'), false);
    assert.equal(isTranslationChunk('./submit-it-x1.js', 'it'), false);
    assert.equal(isTranslationChunk('./submit-it-x1.js', 'it', ['submit']), false);
  });
});

describe('roundRatios', () => {
  it('divides each round by the reference of the same round, not the sums', () => {
    // The machine 2× slower in round 2: each round says 2×, the sums would say 2× as well, but a
    // round with many cheap requests no longer outweighs the others.
    const route = [{ cpuMs: 400, requests: 100 }, { cpuMs: 800, requests: 100 }, { cpuMs: 300, requests: 50 }];
    const reference = [{ cpuMs: 200, requests: 100 }, { cpuMs: 100, requests: 25 }, { cpuMs: 150, requests: 100 }];
    assert.deepEqual(roundRatios(route, reference), [2, 2, 4]);
  });
  it('leaves out rounds without a figure on either side, or without a reference window', () => {
    const route = [{ cpuMs: null, requests: 10 }, { cpuMs: 10, requests: 0 }, { cpuMs: 30, requests: 10 }, { cpuMs: 30, requests: 10 }];
    const reference = [{ cpuMs: 10, requests: 10 }, { cpuMs: 10, requests: 10 }, { cpuMs: 10, requests: 10 }];
    assert.deepEqual(roundRatios(route, reference), [3]);
    assert.deepEqual(roundRatios(route, []), []);
  });
});
