import { describe, expect, it } from 'vitest';
import { chooseTab, tabHref } from './tabs';

const TABS = ['overview', 'benefits', 'terms'] as const;

describe('chooseTab', () => {
  it('answers the tab the query names', () => {
    expect(chooseTab(TABS, 'benefits')).toBe('benefits');
    expect(chooseTab(TABS, 'terms')).toBe('terms');
  });

  it('falls back to the first tab for no value, an unknown one or another case', () => {
    expect(chooseTab(TABS, null)).toBe('overview');
    expect(chooseTab(TABS, undefined)).toBe('overview');
    expect(chooseTab(TABS, '')).toBe('overview');
    expect(chooseTab(TABS, 'Benefits')).toBe('overview');
    expect(chooseTab(TABS, 'constructor')).toBe('overview');
  });
});

describe('tabHref', () => {
  it('gives the default tab the plain address and the others ?tab=', () => {
    expect(tabHref(TABS, 'overview', '/dev/components')).toBe('/dev/components');
    expect(tabHref(TABS, 'terms', '/dev/components')).toBe('/dev/components?tab=terms');
  });

  it('keeps the page’s other parameters and replaces the current tab', () => {
    expect(tabHref(TABS, 'terms', '/p', '?sort=price&tab=benefits')).toBe('/p?sort=price&tab=terms');
    expect(tabHref(TABS, 'overview', '/p', '?tab=benefits&sort=price')).toBe('/p?sort=price');
  });

  it('encodes what it keeps', () => {
    expect(tabHref(TABS, 'benefits', '/p', '?q=a%26b')).toBe('/p?q=a%26b&tab=benefits');
  });
});
