import type { Language } from '../domain/catalogue-types';
import { resources as en } from './resources-en';
import { resources as it } from './resources-it';

/** All translations, bundled: the server renders any language without I/O. */
export const resources = { it, en } satisfies Record<Language, Record<string, unknown>>;

export const namespaces = Object.keys(it) as (keyof typeof it)[];
export const defaultNamespace = 'common';
