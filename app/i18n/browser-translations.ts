import type { Language } from '../domain/catalogue-types';
import { createBrowserI18n } from './browser-i18n';
import { parsePageTranslations } from './inline-translations';
import type { BrowserTranslation, Namespace } from './translation-context';

/**
 * One lazy chunk per language and namespace (named `locale-<language>-<namespace>-<hash>.js`
 * by vite/translation-chunk-names.ts), for the namespaces a page needs beyond those its HTML
 * carries (a client-side navigation), in its language. Every entry costs every page that
 * hydrates about 30 bytes, so only what a browser can render is here: the mails' texts, the
 * checkout terms' (worded into the page) and the payment simulator's pages' (server-rendered
 * HTML) are the server's alone (`SERVER_ONLY_NAMESPACES`).
 */
const bundleImports = import.meta.glob<unknown>(['./*/*.json', '!./*/mail.json', '!./*/checkoutTerms.json', '!./*/psp.json'], {
  base: '../locales',
  import: 'default',
});

function importBundle(language: Language, namespace: Namespace): Promise<unknown> {
  const importer = bundleImports[`./${language}/${namespace}.json`];
  return importer ? importer() : Promise.reject(new Error(`no translations for ${language}/${namespace}`));
}

function isKnownNamespace(name: string): name is Namespace {
  return `./it/${name}.json` in bundleImports;
}

/** The namespaces of a space-separated list (the page's HTML) that exist; unknown names are dropped. */
export function knownNamespaces(list: string): Namespace[] {
  return [...new Set(list.split(/\s+/).filter(isKnownNamespace))];
}

/**
 * A promise React's `use()` reads without suspending: it looks at a thenable's `status`
 * (the fields React itself sets on promises it has seen settle) before waiting on it.
 */
const LOADED: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

/**
 * The browser's translations (`createBrowserI18n`) holding the page's namespaces, and
 * `whenLoaded` for the namespaces later pages need. The page's translations block (`inline`,
 * its text) carries the listed namespaces' texts; a listed namespace it lacks is downloaded,
 * in parallel, before the page hydrates.
 */
export async function loadPageTranslations(language: Language, listed: readonly Namespace[], inline = ''): Promise<BrowserTranslation> {
  const carried = parsePageTranslations(inline);
  const bundles = await Promise.all(
    listed.map(async (namespace) => [namespace, carried[namespace] ?? (await importBundle(language, namespace))] as const),
  );
  const i18n = createBrowserI18n(language, Object.fromEntries(bundles));

  // One download per namespace, one promise per set of missing namespaces (what `use()` is
  // given again when the component retries). A failure is forgotten, so the next render retries.
  const downloads = new Map<Namespace, Promise<void>>();
  const waits = new Map<string, Promise<void>>();
  const download = (namespace: Namespace) => {
    let promise = downloads.get(namespace);
    if (!promise) {
      promise = importBundle(language, namespace).then((bundle) => {
        i18n.addResourceBundle(language, namespace, bundle);
      });
      downloads.set(namespace, promise);
      void promise.catch(() => downloads.delete(namespace));
    }
    return promise;
  };
  const whenLoaded = (namespaces: readonly Namespace[]): Promise<void> => {
    // A name that is no namespace (a message that only looked like a key) has nothing to load.
    const missing = namespaces.filter((namespace) => isKnownNamespace(namespace) && !i18n.hasResourceBundle(language, namespace));
    if (missing.length === 0) return LOADED;
    const key = missing.join(' ');
    let wait = waits.get(key);
    if (!wait) {
      wait = Promise.all(missing.map(download)).then(() => undefined);
      waits.set(key, wait);
      void wait.catch(() => waits.delete(key));
    }
    return wait;
  };
  return { i18n, listed, inline, whenLoaded };
}
