// The forms of a server-rendered page and their named controls, read from its HTML. React
// writes every attribute double-quoted and escapes `<`, `>` and `"` inside values, so a scan of
// the tags is exact for the shop's pages (as tests/support/payments.ts reads forms' actions).

export type Control = {
  tag: 'input' | 'select' | 'textarea' | 'button';
  name: string;
  type: string;
  value: string;
  maxLength: number | null;
  /** A checkbox or radio marked `checked`, an option marked `selected` (a select's value is its selected option's). */
  checked: boolean;
  disabled: boolean;
};

export type HtmlForm = { id: string | null; action: string; method: 'GET' | 'POST'; enctype: string; controls: Control[] };

const TAG = /<(\/?)(form|input|select|option|textarea|button)\b([^>]*)>/g;
const ATTRIBUTE = /([a-zA-Z-:]+)(?:="([^"]*)")?/g;

function decode(text: string): string {
  return text
    .replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
}

function attributesOf(source: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of source.matchAll(ATTRIBUTE)) attributes.set(name!.toLowerCase(), decode(value ?? ''));
  return attributes;
}

/**
 * Every `<form>` of `html` with its named controls, those inside it and those outside that name
 * it by `form="id"`. `action` is as written (the page's own path when absent: pass `pagePath`).
 */
export function formsOf(html: string, pagePath: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  const byId = new Map<string, HtmlForm>();
  const pending: { formId: string; control: Control }[] = [];
  let open: HtmlForm | null = null;
  let select: { control: Control; chosen: boolean; seen: boolean } | null = null;
  for (const match of html.matchAll(TAG)) {
    const [, closing, tag, rest] = match;
    const attributes = attributesOf(rest!);
    if (tag === 'option') {
      // A select sends its selected option, else its first.
      if (!select || closing) continue;
      const value = attributes.get('value') ?? '';
      if (attributes.has('selected') && !select.chosen) {
        select.control.value = value;
        select.chosen = true;
      } else if (!select.seen && !select.chosen) {
        select.control.value = value;
      }
      select.seen = true;
      continue;
    }
    if (tag === 'select' && closing) select = null;
    if (tag === 'form') {
      if (closing) open = null;
      else {
        const method = attributes.get('method')?.toUpperCase() === 'POST' ? 'POST' : 'GET';
        open = { id: attributes.get('id') ?? null, action: attributes.get('action') ?? pagePath, method, enctype: attributes.get('enctype') ?? '', controls: [] };
        forms.push(open);
        if (open.id) byId.set(open.id, open);
      }
      continue;
    }
    if (closing) continue;
    const name = attributes.get('name');
    if (!name) continue;
    const type = (attributes.get('type') ?? (tag === 'button' ? 'submit' : tag === 'input' ? 'text' : tag!)).toLowerCase();
    const checkable = type === 'checkbox' || type === 'radio';
    const control: Control = {
      tag: tag as Control['tag'],
      name,
      type,
      // A checkbox or radio without a value sends "on".
      value: attributes.get('value') ?? (checkable ? 'on' : ''),
      maxLength: attributes.has('maxlength') ? Number(attributes.get('maxlength')) : null,
      checked: attributes.has('checked'),
      disabled: attributes.has('disabled'),
    };
    if (tag === 'select') select = { control, chosen: false, seen: false };
    if (tag === 'textarea') {
      const start = match.index + match[0].length;
      const end = html.indexOf('</textarea>', start);
      control.value = decode(html.slice(start, end < 0 ? start : end));
    }
    const formId = attributes.get('form');
    if (formId) pending.push({ formId, control });
    else open?.controls.push(control);
  }
  for (const { formId, control } of pending) byId.get(formId)?.controls.push(control);
  return forms;
}
