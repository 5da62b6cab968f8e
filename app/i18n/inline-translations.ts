import type { Namespace } from './translation-context';

/** The id of the page's translations block (`PageNamespaces`), which the browser entry reads. */
export const PAGE_TRANSLATIONS_ID = 'page-translations';

/**
 * Namespaces the browser never gets: the mails' texts, the checkout terms' (worded into the page)
 * and the payment simulator's pages' (server-rendered HTML). browser-translations.ts leaves the
 * same files out of its chunks (`inline-translations.test.ts` checks the two agree).
 */
export const SERVER_ONLY_NAMESPACES: readonly string[] = ['mail', 'checkoutTerms', 'psp'];

/**
 * JSON that can stand as the text of an HTML `<script>` element: every `<` written `\u003c`, so
 * no text can end the element (`</script>`) or open the parser's escaped states (`<!--`,
 * `<script`); U+2028 and U+2029 escaped too, as older JavaScript parsers took them for line
 * ends. `JSON.parse` of the element's text gives the value back unchanged.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A language's bundles do not change while the process runs, and a kind of page uses the same
 * namespaces in the same order every time: its block is written once (the stringify was ~0.5 %
 * of the 10-item cart's CPU, on every hydrating page). Keyed by the bundles object, then by the
 * order; a few dozen orders in practice, capped in case.
 */
const writtenBlocks = new WeakMap<object, Map<string, string>>();
const MAX_BLOCKS_PER_LANGUAGE = 200;

/**
 * The text of the page's translations block: the bundles of the namespaces the render used, in
 * order of first use, that the browser may have (server-only namespaces are left out, and the
 * browser loads nothing for them either).
 */
export function pageTranslationsJson(bundles: Partial<Record<Namespace, unknown>>, used: Iterable<Namespace>): string {
  const order = [...used];
  const key = order.join(' ');
  let byOrder = writtenBlocks.get(bundles);
  if (!byOrder) {
    byOrder = new Map();
    writtenBlocks.set(bundles, byOrder);
  }
  const written = byOrder.get(key);
  if (written !== undefined) return written;
  const inline: Partial<Record<Namespace, unknown>> = {};
  for (const namespace of order) {
    if (!SERVER_ONLY_NAMESPACES.includes(namespace) && bundles[namespace] !== undefined) inline[namespace] = bundles[namespace];
  }
  const text = scriptSafeJson(inline);
  if (byOrder.size < MAX_BLOCKS_PER_LANGUAGE) byOrder.set(key, text);
  return text;
}

/**
 * The bundles a translations block holds, by namespace; none when its text is not a JSON object
 * (the entry then downloads the listed namespaces' chunks, as before the block existed).
 */
export function parsePageTranslations(text: string): Partial<Record<Namespace, unknown>> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Partial<Record<Namespace, unknown>>) : {};
  } catch {
    return {};
  }
}
