// Reading the cart's and checkout's server-rendered HTML as a plain browser gets it (the contract
// tests): an item's part of the page, the box's figures, the notice, a select's options. React
// writes the markup these patterns read (double-quoted attributes, no stray `<` in text).
import type { HtmlForm } from '../../tests/support/html-forms';
import { textOf } from './contract';
import { withoutPageTranslations } from './shop';

/** The page without its translations block, whose JSON holds every text of its namespaces, shown or not. */
export function shown(html: string): string {
  return withoutPageTranslations(html);
}

/** The cart item named `name`: its `<li class="cart-line">`, up to the next item or the list's end. */
export function cartLineHtml(html: string, name: string): string {
  const heading = new RegExp(`<h3 id="item-[0-9a-f-]{36}" class="cart-line__name">${escaped(name)}</h3>`).exec(html);
  if (!heading) throw new Error(`no cart item named ${name}`);
  const start = html.lastIndexOf('<li class="cart-line"', heading.index);
  const ends = [html.indexOf('<li class="cart-line"', heading.index), html.indexOf('</ul></section>', heading.index)].filter((at) => at >= 0);
  return html.slice(start, Math.min(...ends));
}

/** The names of the cart's items, in the page's order. */
export function cartLineNames(html: string): string[] {
  return [...html.matchAll(/<h3 id="item-[0-9a-f-]{36}" class="cart-line__name">([^<]*)<\/h3>/g)].map((match) => decoded(match[1]!));
}

/** The figure the totals list shows for `label` (Subtotal, Shipping, Total…). */
export function figureOf(html: string, label: string): string {
  const figure = new RegExp(`<dt>${escaped(label)}</dt><dd>([^<]*)</dd>`).exec(html)?.[1];
  if (figure === undefined) throw new Error(`no ${label} in the totals`);
  // Italian amounts put a no-break space before the euro sign, which a browser's text reads as a space.
  return decoded(figure).replace(/[\u00a0\u202f]/g, ' ');
}

/** What the page's status region says (the flash notice after a change), as text. */
export function noticeOf(html: string): string {
  const region = /<div role="status" class="notice-region">([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  return textOf(region);
}

/** What the page's error summary says, as text ('' when there is none). */
export function errorSummaryOf(html: string): string {
  const summary = /<div class="error-summary"[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1];
  return summary === undefined ? '' : textOf(summary);
}

/** The link hrefs of the error summary, in order. */
export function errorSummaryLinks(html: string): string[] {
  const summary = /<div class="error-summary"[^>]*role="alert"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
  return [...summary.matchAll(/<a href="([^"]*)"/g)].map((match) => decoded(match[1]!));
}

export type HtmlOption = { value: string; label: string; disabled: boolean; selected: boolean };

/** The options of the `<select>` named `name` in `html` (its first). */
export function selectOptions(html: string, name: string): HtmlOption[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1];
  if (select === undefined) throw new Error(`no select named ${name}`);
  return [...select.matchAll(/<option([^>]*)>([^<]*)<\/option>/g)].map(([, attributes, label]) => ({
    value: decoded(/value="([^"]*)"/.exec(attributes!)?.[1] ?? ''),
    label: decoded(label!),
    disabled: /\sdisabled=""/.test(attributes!),
    selected: /\sselected=""/.test(attributes!),
  }));
}

/** The hrefs of the links in `html` whose text (visually hidden context included) starts with `text`. */
export function linkHrefs(html: string, text: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
    .filter(([, , content]) => textOf(content!).startsWith(text))
    .map(([, attributes]) => decoded(/href="([^"]*)"/.exec(attributes!)?.[1] ?? ''));
}

/** A link's accessible text: its words without what is hidden from assistive technology (a badge's count). */
export function linkNamesTo(html: string, href: string): string[] {
  return [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)]
    .filter(([, attributes]) => new RegExp(`href="${escaped(href)}"`).test(attributes!))
    .map(([, , content]) => textOf(content!.replace(/<span[^>]*aria-hidden="true"[^>]*>[^<]*<\/span>/g, ' ')));
}

/** The `<input>` named `name` (its first) is marked checked. */
export function isChecked(html: string, name: string): boolean {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`no input named ${name}`);
  return /\schecked=""/.test(input);
}

/** The value attribute of the `<input>` named `name` (its first): '' when it has none. */
export function inputValue(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`no input named ${name}`);
  return decoded(/\svalue="([^"]*)"/.exec(input)?.[1] ?? '');
}

/** The text of the element with `id` (the target of an aria-describedby), for a simple element. */
export function textById(html: string, id: string): string {
  const element = new RegExp(`<([a-z]+)[^>]*\\sid="${id}"[^>]*>([\\s\\S]*?)</\\1>`).exec(html)?.[2];
  if (element === undefined) throw new Error(`no element #${id}`);
  return textOf(element);
}

/** Inline markup's words as read aloud: what is hidden from assistive technology dropped, tags joined without a space. */
function inlineText(fragment: string): string {
  return textOf(fragment.replace(/<span[^>]*aria-hidden="true"[^>]*>[^<]*<\/span>/g, '').replace(/<[^>]+>/g, ''));
}

function escaped(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replaceAll('&', '&amp;');
}

function decoded(text: string): string {
  return text.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
}

/**
 * The form among `forms` whose `intent` (a hidden field or its button's value) is `intent`, for
 * the item `itemId` when given: the cart page has one such form per item.
 */
export function formWithIntent(forms: readonly HtmlForm[], intent: string, itemId?: string): HtmlForm {
  const found = forms.filter(
    (form) =>
      form.controls.some((control) => control.name === 'intent' && control.value === intent) &&
      (itemId === undefined || form.controls.some((control) => control.name === 'itemId' && control.value === itemId)),
  );
  if (found.length !== 1) throw new Error(`${found.length} forms with intent=${intent}${itemId ? ` for ${itemId}` : ''}`);
  return found[0]!;
}

/** The purchase steps the page shows (null: none): the list's label, the current step, the steps said done. */
export function purchaseStepsOf(html: string): { label: string; current: string; done: string[] } | null {
  const list = /<ol class="steps" aria-label="([^"]*)">([\s\S]*?)<\/ol>/.exec(html);
  if (!list) return null;
  const steps = [...list[2]!.matchAll(/<li class="steps__step"([^>]*)>([\s\S]*?)<\/li>/g)];
  return {
    label: decoded(list[1]!),
    current: inlineText(steps.find(([, attributes]) => attributes!.includes('aria-current="step"'))?.[2] ?? ''),
    done: steps.filter(([, attributes]) => attributes!.includes('data-state="done"')).map(([, , content]) => inlineText(content!)),
  };
}

/** The page's level-one heading, as text. */
export function headingOf(html: string): string {
  return textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '');
}

/** What describes the `<input>` named `name` (its aria-describedby elements' text, in order), as a screen reader reads it. */
export function descriptionOf(html: string, name: string): string {
  const input = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!input) throw new Error(`no input named ${name}`);
  const ids = /aria-describedby="([^"]*)"/.exec(input)?.[1]?.split(/\s+/) ?? [];
  return ids.map((id) => textById(html, id)).join(' ');
}

/** The text of the `<label for=…>` of the control with id `id`, and whether it holds a link. */
export function labelOf(html: string, id: string): { text: string; hasLink: boolean } {
  const label = new RegExp(`<label[^>]*for="${id}"[^>]*>([\\s\\S]*?)</label>`).exec(html)?.[1];
  if (label === undefined) throw new Error(`no label for #${id}`);
  return { text: textOf(label), hasLink: /<a\b/.test(label) };
}
