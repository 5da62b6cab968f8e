// @ts-check
// measureWeight against a tiny local server: which lazy chunks count as first-load translations.
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { measureWeight } from './weight.js';

/** @type {Record<string, string>} path → body; pages are HTML, the rest JavaScript */
const FILES = {
  '/sign-in': '<html lang="it"><head><link rel="modulepreload" href="/assets/entry.js"></head><body><main></main><div hidden="" data-i18n-namespaces="common auth"></div></body></html>',
  '/cart': '<html lang="it"><head><link rel="modulepreload" href="/assets/entry.js"></head><body><div hidden data-i18n-namespaces="common cart"></div></body></html>',
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
