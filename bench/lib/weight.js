// @ts-check
// First-visit weight of a page: every script and stylesheet its HTML makes the browser load,
// each fetched once, sized as gzip -9.
import { gzipSync } from 'node:zlib';
import { BROWSER_HEADERS } from './load.js';
import { isTranslationChunk, listedNamespaces, translationNamespaceOf } from './metrics.js';

/** @typedef {'js' | 'css'} AssetKind */
/** @typedef {{ url: string, kind: AssetKind, via: string }} AssetRef */
/**
 * @typedef {object} AssetFile
 * @property {string} path        same-origin URLs as a path
 * @property {AssetKind} kind
 * @property {string} via         how the page reaches it (script, modulepreload, inline import, static import, …)
 * @property {number} status
 * @property {number} rawBytes
 * @property {number} gzipBytes
 */
/** @typedef {{ files: number, rawBytes: number, gzipBytes: number }} Totals */
/**
 * @typedef {object} PageWeight
 * @property {string} route
 * @property {number} status           of the page itself (redirects not followed)
 * @property {string | null} location
 * @property {boolean} measured        false when the page did not answer 200
 * @property {{ rawBytes: number, gzipBytes: number, inlineScriptBytes: number } | null} document
 * @property {Totals} js
 * @property {Totals} css
 * @property {AssetFile[]} files
 * @property {string[]} failures       assets that could not be fetched
 */

const TOKEN =
  /<!--[\s\S]*?-->|<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>|<link\b((?:[^>"']|"[^"]*"|'[^']*')*)>|<style\b(?:[^>"']|"[^"]*"|'[^']*')*>([\s\S]*?)<\/style\s*>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const JS_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript', 'text/ecmascript']);
const STATIC_IMPORT = /\bimport\s*(?:[\w$*{}\s,]*?\bfrom\s*)?(["'])([^"'\n]+)\1/g;
const STATIC_REEXPORT = /\bexport\s*(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^}]*\}\s*)from\s*(["'])([^"'\n]+)\1/g;
const DYNAMIC_IMPORT = /\bimport\s*\(\s*(["'`])([^"'`\n]+)\1\s*\)/g;
const CSS_IMPORT = /@import\s+(?:url\(\s*)?(["']?)([^"')\s;]+)\1\s*\)?/g;
/** The attribute of the shop's translations block (and of the empty list element of older builds). */
const NAMESPACES_ATTRIBUTE = 'data-i18n-namespaces';
const ENTITIES = /** @type {Record<string, string>} */ ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' });

/** @param {string} value */
function decodeEntities(value) {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, name) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? match;
    return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });
}

/**
 * @param {string} text  the inside of a start tag, after its name
 * @returns {Map<string, string>} lower-cased names; a bare attribute maps to ''
 */
export function parseAttributes(text) {
  const attributes = new Map();
  for (const [, name, double, single, bare] of text.matchAll(ATTRIBUTE)) {
    const key = /** @type {string} */ (name).toLowerCase();
    if (!attributes.has(key)) attributes.set(key, decodeEntities(double ?? single ?? bare ?? ''));
  }
  return attributes;
}

/** Only paths and URLs are fetchable; a bare specifier would need an import map. */
function followable(/** @type {string} */ specifier) {
  return /^(\/|\.\.?\/|https?:\/\/)/.test(specifier);
}

/**
 * Import specifiers of a script.
 * @param {string} code
 * @param {{ staticImports: boolean, dynamicImports: boolean }} which
 * @returns {string[]}
 */
export function importSpecifiers(code, { staticImports, dynamicImports }) {
  const found = [];
  if (staticImports) {
    for (const match of code.matchAll(STATIC_IMPORT)) found.push(match[2]);
    for (const match of code.matchAll(STATIC_REEXPORT)) found.push(match[2]);
  }
  if (dynamicImports) for (const match of code.matchAll(DYNAMIC_IMPORT)) found.push(match[2]);
  return /** @type {string[]} */ (found).filter(followable);
}

/**
 * The scripts and stylesheets an HTML document makes the browser load, in document order.
 * Inline scripts count for the imports they make (`import "…"`, `import x from "…"`, `import("…")`);
 * their own bytes are part of the document.
 * @param {string} html
 * @param {string} pageUrl
 * @returns {{ assets: AssetRef[], inlineScriptBytes: number, inlineStyles: string, inlineTranslations: string | null }}
 *   inlineStyles: the text of every `<style>`; inlineTranslations: the text of the page's translations
 *   block (a JSON data block carrying `data-i18n-namespaces`), null without one
 */
export function findAssets(html, pageUrl) {
  /** @type {AssetRef[]} */
  const assets = [];
  let inlineScriptBytes = 0;
  let inlineStyles = '';
  /** @type {string | null} */
  let inlineTranslations = null;
  /** @param {string} href @param {AssetKind} kind @param {string} via */
  const add = (href, kind, via) => assets.push({ url: new URL(href, pageUrl).href, kind, via });
  for (const [token, scriptAttributes, scriptBody, linkAttributes, styleBody] of html.matchAll(TOKEN)) {
    if (token.startsWith('<!--')) continue;
    if (styleBody !== undefined) {
      inlineStyles += styleBody;
      continue;
    }
    if (scriptAttributes !== undefined) {
      const attributes = parseAttributes(scriptAttributes);
      const type = (attributes.get('type') ?? '').trim().toLowerCase();
      if (type === 'application/json' && attributes.has(NAMESPACES_ATTRIBUTE)) {
        inlineTranslations = (inlineTranslations ?? '') + (scriptBody ?? '');
        continue;
      }
      if (!JS_TYPES.has(type) || attributes.has('nomodule')) continue;
      const src = attributes.get('src');
      if (src) {
        add(src, 'js', 'script');
        continue;
      }
      const body = scriptBody ?? '';
      inlineScriptBytes += Buffer.byteLength(body);
      const specifiers = importSpecifiers(body, { staticImports: type === 'module', dynamicImports: true });
      for (const specifier of specifiers) add(specifier, 'js', 'inline import');
    } else if (linkAttributes !== undefined) {
      const attributes = parseAttributes(linkAttributes);
      const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/);
      const href = attributes.get('href');
      const as = (attributes.get('as') ?? '').toLowerCase();
      if (!href) continue;
      if (rel.includes('stylesheet')) add(href, 'css', 'stylesheet');
      else if (rel.includes('modulepreload')) add(href, 'js', 'modulepreload');
      else if (rel.includes('preload') && as === 'script') add(href, 'js', 'preload');
      else if (rel.includes('preload') && as === 'style') add(href, 'css', 'preload');
    }
  }
  return { assets, inlineScriptBytes, inlineStyles, inlineTranslations };
}

/** @param {string} url @param {string} base */
function display(url, base) {
  const target = new URL(url);
  return target.origin === new URL(base).origin ? `${target.pathname}${target.search}` : url;
}

/** @param {Buffer} bytes */
const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;

/**
 * Counts text the page carries inline (its `<style>`, its translations block) as one file of `kind`,
 * gzipped on its own as a file would be.
 * @param {PageWeight} weight @param {'js' | 'css'} kind @param {string} path @param {string} via @param {string} text
 */
function countInline(weight, kind, path, via, text) {
  const bytes = Buffer.from(text);
  const file = { path, kind: /** @type {AssetKind} */ (kind), via, status: 200, rawBytes: bytes.length, gzipBytes: gzipSize(bytes) };
  weight.files.push(file);
  weight[kind].files += 1;
  weight[kind].rawBytes += file.rawBytes;
  weight[kind].gzipBytes += file.gzipBytes;
}

/**
 * Fetches the page (redirects not followed), then every asset it loads, once each, following the
 * static imports of scripts and the `@import`s of stylesheets (what the browser loads on first visit;
 * dynamic imports inside scripts are lazy and not counted, except the translations the client entry
 * needs before it hydrates). Translations: the page lists the namespaces its render used in
 * `data-i18n-namespaces` (`listedNamespaces`); those its JSON translations block carries count as
 * one JS file, the block's text gzipped on its own (its bytes also travel in the HTML, as inline
 * CSS's do); the entry `import()`s the others, the page language's chunks (`isTranslationChunk`).
 * A listed namespace found in neither is a failure.
 * @param {string} baseUrl
 * @param {string} route
 * @param {{ cookie?: string }} [options]  the cookies of a signed-in fan or a sign-in interaction
 * @returns {Promise<PageWeight>}
 */
export async function measureWeight(baseUrl, route, { cookie } = {}) {
  const pageUrl = new URL(route, baseUrl).href;
  const headers = cookie ? { ...BROWSER_HEADERS, cookie } : BROWSER_HEADERS;
  const response = await fetch(pageUrl, { headers, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
  const html = Buffer.from(await response.arrayBuffer());
  const location = response.headers.get('location');
  /** @type {PageWeight} */
  const weight = {
    route,
    status: response.status,
    location: location && display(new URL(location, pageUrl).href, pageUrl),
    measured: response.status === 200,
    document: null,
    js: { files: 0, rawBytes: 0, gzipBytes: 0 },
    css: { files: 0, rawBytes: 0, gzipBytes: 0 },
    files: [],
    failures: [],
  };
  if (!weight.measured) return weight;

  const htmlText = html.toString('utf8');
  const { assets, inlineScriptBytes, inlineStyles, inlineTranslations } = findAssets(htmlText, pageUrl);
  const language = /<html\b[^>]*\blang\s*=\s*["']?([A-Za-z-]+)/i.exec(htmlText)?.[1] ?? '';
  // The namespaces the page says its entry has before hydrating; null for older builds.
  const listed = listedNamespaces(htmlText);
  const translationsFound = new Set();
  weight.document = { rawBytes: html.length, gzipBytes: gzipSize(html), inlineScriptBytes };
  // The translations the page carries count as first-load JS (the entry would import them otherwise).
  if (inlineTranslations !== null) {
    countInline(weight, 'js', '(inline translations)', 'translations (inline JSON)', inlineTranslations);
    const carried = inlineNamespaces(inlineTranslations);
    if (carried === null) weight.failures.push('(inline translations): not a JSON object');
    for (const namespace of carried ?? []) translationsFound.add(namespace);
  }
  // The entry imports only the listed namespaces the page does not carry.
  const namespaces = listed && listed.filter((namespace) => !translationsFound.has(namespace));
  // CSS inline in the page counts as CSS (its bytes also travel in the document).
  if (inlineStyles) countInline(weight, 'css', '(inline <style>)', 'inline style', inlineStyles);
  const seen = new Set();
  const queue = [...assets];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const url = next.url.replace(/#.*$/, '');
    if (seen.has(url)) continue;
    seen.add(url);
    const path = display(url, pageUrl);
    let assetResponse;
    try {
      assetResponse = await fetch(url, { headers: BROWSER_HEADERS, redirect: 'manual', signal: AbortSignal.timeout(30_000) });
    } catch (error) {
      weight.failures.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const bytes = Buffer.from(await assetResponse.arrayBuffer());
    if (assetResponse.status !== 200) {
      weight.failures.push(`${path}: HTTP ${assetResponse.status}`);
      continue;
    }
    const file = { path, kind: next.kind, via: next.via, status: assetResponse.status, rawBytes: bytes.length, gzipBytes: gzipSize(bytes) };
    weight.files.push(file);
    const totals = weight[next.kind];
    totals.files += 1;
    totals.rawBytes += file.rawBytes;
    totals.gzipBytes += file.gzipBytes;
    const text = bytes.toString('utf8');
    const via = `${next.kind === 'js' ? 'static import' : '@import'} from ${path}`;
    const specifiers =
      next.kind === 'js'
        ? importSpecifiers(text, { staticImports: true, dynamicImports: false })
        : [...text.matchAll(CSS_IMPORT)].map((match) => /** @type {string} */ (match[2]));
    for (const specifier of specifiers) queue.push({ url: new URL(specifier, url).href, kind: next.kind, via });
    if (next.kind === 'js') {
      for (const specifier of importSpecifiers(text, { staticImports: false, dynamicImports: true })) {
        if (!isTranslationChunk(specifier, language, namespaces)) continue;
        translationsFound.add(translationNamespaceOf(specifier, language));
        queue.push({ url: new URL(specifier, url).href, kind: 'js', via: `translations (import() from ${path})` });
      }
    }
  }
  // A listed namespace neither carried nor imported: the weight would be short of it.
  for (const namespace of namespaces ?? []) {
    if (weight.js.files > 0 && !translationsFound.has(namespace)) {
      weight.failures.push(
        `translations of namespace "${namespace}" (listed in the page): not in its inline translations, and no locale-${language}-${namespace}-*.js among the scripts' imports`,
      );
    }
  }
  return weight;
}

/**
 * The namespaces a translations block carries (its JSON object's keys); null when it is not one.
 * @param {string} text
 * @returns {string[] | null}
 */
export function inlineNamespaces(text) {
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : null;
  } catch {
    return null;
  }
}
