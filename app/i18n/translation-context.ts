import type { BrowserI18n, ShopI18n } from './browser-i18n';
import { createContext } from 'react';
import type { resources } from './resources-it';

/** A translation file of app/locales/<language>/ (one namespace). */
export type Namespace = keyof typeof resources;

/**
 * What `useShopTranslation` reads: the page's i18next instance and how its namespaces are
 * tracked. On the server every namespace is bundled and the render notes the ones it uses
 * (`used`, a fresh set per request); the page's HTML lists them and carries their texts for the
 * browser (`PageNamespaces`). In the browser `listed` is that list (the namespaces the entry had
 * before hydrating) and `whenLoaded` fetches the others when a page first needs them.
 */
export type TranslationContextValue = ServerTranslation | BrowserTranslation;
export type ServerTranslation = {
  i18n: ShopI18n;
  used: Set<Namespace>;
  /**
   * The text of the page's translations block: the used namespaces' texts in the page language,
   * as JSON (`serverTranslation`; server code, kept out of the browser's chunks).
   */
  pageTranslations: (used: ReadonlySet<Namespace>) => string;
  listed?: never;
  inline?: never;
  whenLoaded?: never;
};
export type BrowserTranslation = {
  i18n: BrowserI18n;
  used?: never;
  pageTranslations?: never;
  listed: readonly Namespace[];
  /** The text of the page's translations block as the server sent it ('' when none), rendered again as is so hydration matches. */
  inline: string;
  /**
   * Settles once every namespace named is in `i18n`: an already settled promise when they
   * are, else one promise per set of missing namespaces, the same on every call (for `use()`).
   */
  whenLoaded: (namespaces: readonly Namespace[]) => Promise<void>;
};

/** Provided by entry.server (per request) and entry.client; replaces react-i18next's provider. */
export const TranslationContext = createContext<TranslationContextValue | null>(null);
