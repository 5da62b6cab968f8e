// What a screen reader and a browser would read off a server-rendered account page, from its
// HTML alone: a field's value, state and description, the error summary, the notice, a list's
// items. The contract tests (e2e/contract/account-*.contract.ts) assert the no-JavaScript pages
// with these; React writes every attribute double-quoted, so scanning the tags is exact.
import type { APIResponse } from '@playwright/test';
import { formsOf } from '../../tests/support/html-forms';
import { textOf, type Page } from './contract';

const TAG = /<(\/?)([a-zA-Z]+)\b([^>]*)>/g;
const ATTRIBUTE = /([a-zA-Z-:.]+)(?:="([^"]*)")?/g;

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of source.matchAll(ATTRIBUTE)) attributes.set(name!.toLowerCase(), textOf(value ?? ''));
  return attributes;
}

/** A form control as the page shows it (the first with that name, or the radio of that value). */
export type FieldView = {
  tag: string;
  id: string;
  /** A select's chosen option (its first when none is marked), an input's value attribute. */
  value: string;
  /** A select's option values, in order. */
  options: string[];
  invalid: boolean;
  /** Its `aria-describedby` texts, in that order, as its accessible description. */
  description: string;
  /** Disabled itself or by a disabled fieldset around it. */
  disabled: boolean;
  autofocus: boolean;
  checked: boolean;
  maxLength: number | null;
};

/** The control named `name` (of `value`, for radios), or null when the page has none. */
export function fieldOf(html: string, name: string, value?: string): FieldView | null {
  const fieldsets: boolean[] = [];
  for (const match of html.matchAll(TAG)) {
    const [, closing, tag, rest] = match;
    const lowerTag = tag!.toLowerCase();
    if (lowerTag === 'fieldset') {
      if (closing) fieldsets.pop();
      else fieldsets.push(attributesOf(rest!).has('disabled'));
      continue;
    }
    if (closing || !['input', 'select', 'textarea'].includes(lowerTag)) continue;
    const attributes = attributesOf(rest!);
    if (attributes.get('name') !== name) continue;
    if (value !== undefined && attributes.get('value') !== value) continue;
    const options = lowerTag === 'select' ? optionsOf(html, match.index + match[0].length) : [];
    const chosen = options.find((option) => option.selected) ?? options[0];
    return {
      tag: lowerTag,
      id: attributes.get('id') ?? '',
      value: lowerTag === 'select' ? (chosen?.value ?? '') : (attributes.get('value') ?? ''),
      options: options.map((option) => option.value),
      invalid: attributes.get('aria-invalid') === 'true',
      description: (attributes.get('aria-describedby') ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id) => textOfElement(html, id))
        .join(' '),
      disabled: attributes.has('disabled') || fieldsets.includes(true),
      autofocus: attributes.has('autofocus'),
      checked: attributes.has('checked'),
      maxLength: attributes.has('maxlength') ? Number(attributes.get('maxlength')) : null,
    };
  }
  return null;
}

function optionsOf(html: string, from: number): { value: string; selected: boolean }[] {
  const end = html.indexOf('</select>', from);
  return [...html.slice(from, end).matchAll(/<option\b([^>]*)>/g)].map(([, rest]) => {
    const attributes = attributesOf(rest!);
    return { value: attributes.get('value') ?? '', selected: attributes.has('selected') };
  });
}

/** The words of the element whose id is `id` (its first closing tag of the same name ends it). */
function textOfElement(html: string, id: string): string {
  const start = new RegExp(`<([a-zA-Z]+)\\b[^>]*\\bid="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`).exec(html);
  if (!start) return '';
  const from = start.index + start[0].length;
  return textOf(html.slice(from, html.indexOf(`</${start[1]}>`, from)));
}

/** The words of the label for the control whose id is `id`. */
export function labelOf(html: string, id: string): string {
  const label = new RegExp(`<label\\b[^>]*\\bfor="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(html);
  return textOf(label?.[1] ?? '');
}

/** The error summary: its title, its links' words and targets, whether it takes focus on load; null when none. */
export function errorSummaryOf(html: string): { title: string; links: string[]; targets: string[]; autofocus: boolean } | null {
  const summary = /<div class="error-summary"([^>]*)>([\s\S]*?)<\/ul><\/div>/.exec(html);
  if (!summary) return null;
  const body = summary[2]!;
  return {
    title: textOf(/<h2[^>]*>([\s\S]*?)<\/h2>/.exec(body)?.[1] ?? ''),
    links: [...body.matchAll(/<a [^>]*>([\s\S]*?)<\/a>/g)].map(([, words]) => textOf(words!)),
    targets: [...body.matchAll(/<a href="([^"]*)"/g)].map(([, href]) => href!),
    autofocus: attributesOf(summary[1]!).has('autofocus'),
  };
}

/** The page's notice (the flash message in its `role="status"` region), '' when it says nothing. */
export function noticeOf(html: string): string {
  return textOf(/<div role="status" class="notice-region">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '');
}

/** The words of each item of the list labelled `label` (its own items, not nested lists'). */
export function listItemsOf(html: string, label: string): string[] {
  const labelAt = html.indexOf(`aria-label="${label}"`);
  if (labelAt < 0) return [];
  const start = html.lastIndexOf('<', labelAt);
  const items: string[] = [];
  let depth = 0;
  let itemStart = -1;
  for (const match of html.slice(start).matchAll(/<(\/?)(ul|li)\b[^>]*>/g)) {
    const [, closing, tag] = match;
    if (tag === 'ul') {
      if (closing && --depth === 0) break;
      if (!closing) depth++;
    } else if (depth === 1 && !closing) itemStart = match.index + match[0].length;
    else if (depth === 1 && closing) items.push(textOf(html.slice(start).slice(itemStart, match.index)));
  }
  return items;
}

/** The `href` of each link whose words match `words`. */
export function linksTo(html: string, words: RegExp): string[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].filter(([, , inner]) => words.test(textOf(inner!))).map(([, attributes]) => attributesOf(attributes!).get('href') ?? '');
}

/** A form's answer read as a page (a refresh's 200 or a refusal's 400 is the form again). */
export async function pageOf(response: APIResponse): Promise<Page> {
  const html = await response.text();
  const url = new URL(response.url());
  return { status: response.status(), url, html, forms: formsOf(html, url.pathname) };
}
