import type { MetaDescriptor } from 'react-router';
import { LANGUAGES, type Language } from './catalogue-types';

/** What a page says about itself to browsers, search engines and link previews (serialisable). */
export type PageSeo = {
  language: Language;
  shopName: string;
  /** The route title; the document title is "{shop} – {title}" or just the shop's name. */
  title?: string;
  description: string;
  robots: 'index' | 'noindex';
  /** Absolute URLs. */
  canonicalUrl: string;
  imageUrl: string;
  imageAlt: string;
  alternates: Record<Language | 'x-default', string>;
};

export function documentTitle(shopName: string, routeTitle?: string): string {
  return routeTitle ? `${shopName} – ${routeTitle}` : shopName;
}

/** Builds the alternate-language URLs of a page: `?lng=it|en`; x-default carries no language. */
export function alternateUrls(publicUrl: string, pathname: string, search: string): PageSeo['alternates'] {
  const base = new URL(pathname, publicUrl);
  const params = new URLSearchParams(search);
  params.delete('lng');
  const withLanguage = (language?: Language) => {
    const url = new URL(base);
    url.search = params.toString();
    if (language) url.searchParams.set('lng', language);
    return url.toString();
  };
  const urls = Object.fromEntries(LANGUAGES.map((language) => [language, withLanguage(language)]));
  return { ...(urls as Record<Language, string>), 'x-default': withLanguage() };
}

export function pageMeta(seo: PageSeo | undefined): MetaDescriptor[] {
  if (!seo) return [];
  const title = documentTitle(seo.shopName, seo.title);
  return [
    { title },
    { name: 'description', content: seo.description },
    { name: 'robots', content: seo.robots === 'index' ? 'index, follow' : 'noindex, nofollow' },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: seo.shopName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonicalUrl },
    { property: 'og:image', content: seo.imageUrl },
    { property: 'og:image:alt', content: seo.imageAlt },
    { property: 'og:locale', content: seo.language === 'it' ? 'it_IT' : 'en_GB' },
    { name: 'twitter:card', content: 'summary_large_image' },
    { tagName: 'link', rel: 'canonical', href: seo.canonicalUrl },
    ...(Object.entries(seo.alternates) as [string, string][]).map(([hrefLang, href]) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang,
      href,
    })),
  ];
}
