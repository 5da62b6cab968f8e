import { use } from 'react';
import type { ConfigureParts, ConfigureRules } from '../../domain/configure';

// Each part's rule is its own chunk, fetched once by the first page that shows the part.
const loaders = {
  holder: () => import('../../domain/holder-check').then((module) => module.HOLDER_RULE),
  gift: () => import('../../domain/gift').then((module) => module.checkGiftDraft),
  customization: () => import('../../domain/customisation-text').then((module) => module.readCustomisationText),
};
type Loaded = { [Part in keyof typeof loaders]: Promise<NonNullable<ConfigureRules[Part]>> };
const loading: Partial<Loaded> = {};

function load<Part extends keyof typeof loaders>(part: Part): Loaded[Part] {
  return (loading[part] ??= loaders[part]() as Loaded[Part]) as Loaded[Part];
}

/**
 * The configure check's rules for the parts this form shows (domain/configure.ts,
 * `ConfigureRules`): the same rules the cart service applies, loaded only where needed. Suspends
 * (server render and hydration alike) until a part's rule is there.
 */
export function usePartRules(parts: Pick<ConfigureParts, 'holderFields' | 'gift' | 'customization'>): ConfigureRules {
  return {
    holder: parts.holderFields ? use(load('holder')) : null,
    gift: parts.gift ? use(load('gift')) : null,
    customization: parts.customization ? use(load('customization')) : null,
  };
}
