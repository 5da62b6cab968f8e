import type { BrowserI18n, ShopI18n } from './browser-i18n';
import { createContext } from 'react';
import type { resources } from './resources-it';

/** A translation file of app/locales/<language>/ (one namespace). */
export type Namespace = keyof typeof resources;

/**
 * What `useShopTranslation` reads: the page's i18next instance and how its namespaces are
 * tracked. On the server every namespace is bundled and the render notes the ones it uses
 * (`used`, a fresh set per request); the page's HTML lists them for the browser
 * (`PageNamespaces`). In the browser `listed` is that list (the namespaces the entry loaded
 * before hydrating) and `whenLoaded` fetches the others when a page first needs them.
 */
export type TranslationContextValue = ServerTranslation | BrowserTranslation;
export type ServerTranslation = { i18n: ShopI18n; used: Set<Namespace>; listed?: never; whenLoaded?: never };
export type BrowserTranslation = {
  i18n: BrowserI18n;
  used?: never;
  listed: readonly Namespace[];
  /**
   * Settles once every namespace named is in `i18n`: an already settled promise when they
   * are, else one promise per set of missing namespaces, the same on every call (for `use()`).
   */
  whenLoaded: (namespaces: readonly Namespace[]) => Promise<void>;
};

/** Provided by entry.server (per request) and entry.client; replaces react-i18next's provider. */
export const TranslationContext = createContext<TranslationContextValue | null>(null);
