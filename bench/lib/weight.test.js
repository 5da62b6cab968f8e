// @ts-check
// measureWeight against a tiny local server: which translations (inline, or lazy chunks) count as first-load JS.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { measureWeight } from './weight.js';

const INLINE = '{"common":{"shopName":"Fan Shop"},"auth":{"note":"\\u003c/script> stays text"}}';

/** @type {Record<string, string>} path → body; pages are HTML, the rest JavaScript */
const FILES = {
  '/sign-in': '<html lang="it"><head><link rel="modulepreload" href="/assets/entry.js"></head><body><main></main><div hidden="" data-i18n-namespaces="common auth"></div></body></html>',
  '/cart': '<html lang="it"><head><link rel="modulepreload" href="/assets/entry.js"></head><body><div hidden data-i18n-namespaces="common cart"></div></body></html>',
  // Today's pages: the translations carried inline (a JSON data block), an escaped '<' in them.
  '/checkout': `<html lang="it"><head><link rel="modulepreload" href="/assets/entry.js"></head><body><script type="application/json" id="page-translations" data-i18n-namespaces="common auth">${INLINE}</script><script type="module">import "/assets/entry.js"</script></body></html>`,
  // One listed namespace carried, one left to a chunk, one in neither.
  '/partial': `<html lang="it"><head><link rel="modulepreload" href="/assets/entry.js"></head><body><script type="application/json" data-i18n-namespaces="common forms cart">{"common":{"shopName":"Fan Shop"}}</script></body></html>`,
  '/broken': `<html lang="it"><head><link rel="modulepreload" href="/assets/entry.js"></head><body><script type="application/json" data-i18n-namespaces="common">{"common":</script></body></html>`,
  // A JSON block that is not the translations (no list) is nobody's weight.
  '/other-json': '<html lang="it"><head><script type="application/ld+json">{"@type":"Product"}</script><script type="application/json" id="x">{"a":1}</script></head><body></body></html>',
  '/styled': '<html lang="it"><head><style nonce="n">body{margin:0}</style><link rel="stylesheet" href="/assets/page.css"></head><body><script>var a="<style>no</style>"</script><style>main{color:red}</style></body></html>',
  '/assets/page.css': 'h1{font-size:2rem}',
  '/older': '<html lang="en"><head><script type="module" src="/assets/old-entry.js"></script></head><body></body></html>',
  '/assets/entry.js': [
    'const l={',
    '"it/common":()=>import("./locale-it-common-Aa1.js"),"it/auth":()=>import("./locale-it-auth-Bb-2.js"),',
    '"it/forms":()=>import("./locale-it-forms-Cc3.js"),"en/auth":()=>import("./locale-en-auth-Dd4.js")};',
    'const page=()=>import("./account-Ee5.js");',
  ].join(''),
  '/assets/old-entry.js': 'const r={it:()=>import("./resources-it-Ff6.js"),en:()=>import("./resources-en-Gg7.js")};',
  '/assets/locale-it-common-Aa1.js': 'export default {"shopName":"Fan Shop"}',
  '/assets/locale-it-auth-Bb-2.js': 'export default {"signIn":"Accedi"}',
  '/assets/locale-it-forms-Cc3.js': 'export default {"optional":"(facoltativo)"}',
  '/assets/locale-en-auth-Dd4.js': 'export default {"signIn":"Sign in"}',
  '/assets/account-Ee5.js': 'export default 1',
  '/assets/resources-it-Ff6.js': 'export const resources={}',
  '/assets/resources-en-Gg7.js': 'export const resources={}',
};

let baseUrl = '';
const server = createServer((request, response) => {
  const path = new URL(request.url ?? '/', 'http://x').pathname;
  const body = FILES[path];
  if (body === undefined) return void response.writeHead(404).end();
  response.writeHead(200, { 'content-type': path.startsWith('/assets/') ? 'text/javascript' : 'text/html' }).end(body);
});

before(async () => {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
after(() => server.close());

/** @param {import('./weight.js').PageWeight} weight */
const paths = (weight) => weight.files.map((file) => file.path).toSorted();

describe('measureWeight', () => {
  it('counts the translation chunks of the namespaces the page lists, in its language, and no other lazy chunk', async () => {
    const weight = await measureWeight(baseUrl, '/sign-in');
    assert.deepEqual(paths(weight), ['/assets/entry.js', '/assets/locale-it-auth-Bb-2.js', '/assets/locale-it-common-Aa1.js']);
    assert.equal(weight.files.filter((file) => file.via.startsWith('translations')).length, 2);
    assert.deepEqual(weight.failures, []);
  });

  it('reports a listed namespace whose chunk no script imports, rather than weighing the page short', async () => {
    const weight = await measureWeight(baseUrl, '/cart');
    assert.deepEqual(paths(weight), ['/assets/entry.js', '/assets/locale-it-common-Aa1.js']);
    assert.equal(weight.failures.length, 1);
    assert.match(weight.failures[0] ?? '', /"cart"/);
  });

  it('counts the inline translations block as first-load JS (its text gzipped), and no chunk of a namespace it carries', async () => {
    const weight = await measureWeight(baseUrl, '/checkout');
    assert.deepEqual(paths(weight), ['(inline translations)', '/assets/entry.js']);
    const inline = weight.files.find((file) => file.path === '(inline translations)');
    assert.equal(inline?.kind, 'js');
    assert.match(inline?.via ?? '', /^translations/);
    assert.equal(inline?.rawBytes, Buffer.byteLength(INLINE));
    assert.equal(inline?.gzipBytes, gzipSync(INLINE, { level: 9 }).length);
    assert.equal(weight.js.files, 2);
    assert.equal(weight.js.gzipBytes, (inline?.gzipBytes ?? 0) + (weight.files.find((file) => file.path === '/assets/entry.js')?.gzipBytes ?? 0));
    assert.deepEqual(weight.failures, []);
  });

  it('follows the chunks of listed namespaces the block lacks, and reports one found nowhere', async () => {
    const weight = await measureWeight(baseUrl, '/partial');
    assert.deepEqual(paths(weight), ['(inline translations)', '/assets/entry.js', '/assets/locale-it-forms-Cc3.js']);
    assert.equal(weight.failures.length, 1);
    assert.match(weight.failures[0] ?? '', /"cart".*not in its inline translations/);
  });

  it('reports a translations block that is not a JSON object, and follows the chunks the entry then imports', async () => {
    const weight = await measureWeight(baseUrl, '/broken');
    assert.deepEqual(paths(weight), ['(inline translations)', '/assets/entry.js', '/assets/locale-it-common-Aa1.js']);
    assert.equal(weight.failures.length, 1);
    assert.match(weight.failures[0] ?? '', /not a JSON object/);
  });

  it('weighs no other JSON block (structured data, a page’s own data) as translations', async () => {
    const weight = await measureWeight(baseUrl, '/other-json');
    assert.deepEqual(paths(weight), []);
    assert.equal(weight.js.gzipBytes, 0);
  });

  it('without a list (a build from before per-namespace chunks) counts the language’s resources chunk', async () => {
    const weight = await measureWeight(baseUrl, '/older');
    assert.deepEqual(paths(weight), ['/assets/old-entry.js', '/assets/resources-en-Gg7.js']);
  });

  it('counts inline <style> text as CSS, beside the stylesheets the page links (not a <style> inside a script)', async () => {
    const weight = await measureWeight(baseUrl, '/styled');
    assert.deepEqual(paths(weight), ['(inline <style>)', '/assets/page.css']);
    const inline = weight.files.find((file) => file.via === 'inline style');
    assert.equal(inline?.rawBytes, 'body{margin:0}main{color:red}'.length);
    assert.equal(weight.css.files, 2);
    assert.equal(weight.css.rawBytes, 'body{margin:0}main{color:red}'.length + 'h1{font-size:2rem}'.length);
  });
});
