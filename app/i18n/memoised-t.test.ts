import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { MAX_INTERPOLATED, MAX_TEXTS, memoiseTranslations } from './memoised-t';

async function fixedT() {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { shop: { title: 'Memberships', greeting: 'Hello {{name}}', item_one: '{{count}} item', item_other: '{{count}} items' } } },
    defaultNS: 'shop',
    interpolation: { escapeValue: false },
  });
  const t = i18n.getFixedT(null, 'shop');
  const spy = vi.fn(t);
  Object.assign(spy, t);
  return { i18n, t: memoiseTranslations(spy as unknown as typeof t), spy };
}

describe('memoiseTranslations', () => {
  it('answers a plain call as i18next does, asking i18next once', async () => {
    const { t, spy } = await fixedT();
    expect(t('title')).toBe('Memberships');
    expect(t('title')).toBe('Memberships');
    expect(t('shop:title')).toBe('Memberships');
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('answers calls with options as i18next does, asking it once per key and options', async () => {
    const { t, spy } = await fixedT();
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(t('greeting', { name: 'Bob' })).toBe('Hello Bob');
    expect(t('greeting', { name: 'Ada' })).toBe('Hello Ada');
    expect(t('item', { count: 1 })).toBe('1 item');
    expect(t('item', { count: 3 })).toBe('3 items');
    expect(t('item', { count: 1 })).toBe('1 item');
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it('answers a call with a default value as i18next does, asking it once per key and default', async () => {
    const { t, spy } = await fixedT();
    expect(t('title', 'fallback')).toBe('Memberships');
    expect(t('title', 'fallback')).toBe('Memberships');
    expect(t('tags.none', 'none')).toBe('none');
    expect(t('tags.none', 'none')).toBe('none');
    expect(t('tags.none', 'other')).toBe('other');
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('passes options that are not plain values straight to i18next, every time', async () => {
    const { t, spy } = await fixedT();
    const person = { toString: () => 'Ada' };
    expect(t('greeting', { name: person })).toBe('Hello Ada');
    expect(t('greeting', { name: person })).toBe('Hello Ada');
    expect(t(['nope', 'title'])).toBe('Memberships');
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('keeps the newest calls with options only', async () => {
    const { t, spy } = await fixedT();
    t('greeting', { name: 'first' });
    for (let index = 0; index < MAX_INTERPOLATED; index++) t('greeting', { name: `fan ${index}` });
    spy.mockClear();
    expect(t('greeting', { name: `fan ${MAX_INTERPOLATED - 1}` })).toBe(`Hello fan ${MAX_INTERPOLATED - 1}`);
    expect(spy).toHaveBeenCalledTimes(0);
    expect(t('greeting', { name: 'first' })).toBe('Hello first');
    expect(spy).toHaveBeenCalledTimes(1);
  });

  it('keeps no missing key', async () => {
    const { t, spy } = await fixedT();
    expect(t('nope')).toBe('nope');
    expect(t('nope')).toBe('nope');
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('stops growing at its cap, whatever keys a request makes up', async () => {
    const { t, spy } = await fixedT();
    // A key in an unknown namespace answers without its prefix, so it looks resolved.
    for (let index = 0; index < MAX_TEXTS; index++) expect(t(`made-up:key${index}`)).toBe(`key${index}`);
    spy.mockClear();
    expect(t('title')).toBe('Memberships');
    expect(t('title')).toBe('Memberships');
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('keeps the fixed t’s own properties (namespace, language)', async () => {
    const { t, i18n } = await fixedT();
    expect((t as unknown as { ns: string }).ns).toBe('shop');
    expect(i18n.language).toBe('en');
  });
});
