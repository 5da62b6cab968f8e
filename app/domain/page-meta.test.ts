import { describe, expect, it } from 'vitest';
import { alternateUrls, documentTitle, pageMeta, type PageSeo } from './page-meta';

describe('documentTitle', () => {
  it('joins the shop and route titles, or shows the shop alone', () => {
    expect(documentTitle('Shop', 'Cart')).toBe('Shop – Cart');
    expect(documentTitle('Shop')).toBe('Shop');
  });
});

describe('alternateUrls', () => {
  it('adds lng to each language, keeps other parameters, and leaves x-default without it', () => {
    expect(alternateUrls('https://shop.example', '/products', '?show=junior&lng=en')).toEqual({
      it: 'https://shop.example/products?show=junior&lng=it',
      en: 'https://shop.example/products?show=junior&lng=en',
      'x-default': 'https://shop.example/products?show=junior',
    });
  });
});

describe('pageMeta', () => {
  const seo: PageSeo = {
    language: 'en',
    shopName: 'Shop',
    title: 'Products',
    description: 'All products',
    robots: 'noindex',
    canonicalUrl: 'https://shop.example/products?lng=en',
    imageUrl: 'https://shop.example/social.png',
    imageAlt: 'Cards',
    alternates: alternateUrls('https://shop.example', '/products', ''),
  };

  it('renders title, description, robots, social image and three alternates', () => {
    const tags = pageMeta(seo);
    expect(tags).toContainEqual({ title: 'Shop – Products' });
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex, nofollow' });
    expect(tags).toContainEqual({ property: 'og:image', content: 'https://shop.example/social.png' });
    const alternates = tags.filter((tag) => 'rel' in tag && tag.rel === 'alternate');
    expect(alternates.map((tag) => ('hrefLang' in tag ? tag.hrefLang : null))).toEqual(['it', 'en', 'x-default']);
  });

  it('renders nothing without data (e.g. when the loader failed)', () => {
    expect(pageMeta(undefined)).toEqual([]);
  });
});
