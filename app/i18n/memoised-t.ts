import type { TFunction } from 'i18next';

/** Plain calls kept at most: the shop has ~600 keys per language. */
export const MAX_TEXTS = 4096;
/** Calls with options kept at most, the oldest dropped first (values may come from a request). */
export const MAX_INTERPOLATED = 2048;

type Primitive = string | number | boolean | null | undefined;

/** Options whose values are all primitives: the same options give the same text. */
function primitiveOptions(options: unknown): options is Record<string, Primitive> {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) return false;
  return Object.values(options).every((value) => value === null || typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol');
}

/**
 * `t` with its calls memoised: a key alone, or a key with options of primitive values
 * (interpolation, `count`), always gives the same text for an instance and namespace, because
 * nothing changes an instance's resources after `init` (docs/decisions/i18n.md, issue 10). i18next
 * resolves every call afresh — key parsing, fallbacks, interpolation and nesting checks — about
 * 1.5 ms of a catalogue page's ~8. Anything else (objects, functions, several keys) goes
 * straight to i18next, and so does a missing key (it answers itself). Plain calls stop being
 * added at `MAX_TEXTS`, so keys made up from a request cannot grow the cache; calls with
 * options, whose values may be a fan's name or a date, keep the newest `MAX_INTERPOLATED`.
 */
export function memoiseTranslations(t: TFunction): TFunction {
  const plain = new Map<string, string>();
  const interpolated = new Map<string, string>();
  // i18next's overloads cannot be forwarded as such; the arguments pass through untouched.
  const translate = t as unknown as (...args: unknown[]) => unknown;
  const memoised = (...args: unknown[]) => {
    const [key, options] = args;
    if (typeof key !== 'string' || args.length > 2) return translate(...args);
    if (args.length === 2 && !primitiveOptions(options)) return translate(...args);
    const cache = args.length === 1 ? plain : interpolated;
    const cacheKey = args.length === 1 ? key : `${key}\u0000${JSON.stringify(options)}`;
    const known = cache.get(cacheKey);
    if (known !== undefined) return known;
    const text = translate(...args);
    if (typeof text !== 'string' || text === key) return text;
    if (cache === plain) {
      if (plain.size < MAX_TEXTS) plain.set(cacheKey, text);
    } else {
      if (interpolated.size >= MAX_INTERPOLATED) interpolated.delete(interpolated.keys().next().value!);
      interpolated.set(cacheKey, text);
    }
    return text;
  };
  return Object.assign(memoised, t) as unknown as TFunction;
}
