// The forms of a server-rendered page and their named controls, read from its HTML. React
// writes every attribute double-quoted and escapes `<`, `>` and `"` inside values, so a scan of
// the tags is exact for the shop's pages (as tests/support/payments.ts reads forms' actions).

export type Control = {
  tag: 'input' | 'select' | 'textarea' | 'button';
  name: string;
  type: string;
  value: string;
  maxLength: number | null;
};

export type HtmlForm = { id: string | null; action: string; method: 'GET' | 'POST'; enctype: string; controls: Control[] };

const TAG = /<(\/?)(form|input|select|textarea|button)\b([^>]*)>/g;
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
  for (const [, closing, tag, rest] of html.matchAll(TAG)) {
    const attributes = attributesOf(rest!);
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
    };
    const formId = attributes.get('form');
    if (formId) pending.push({ formId, control });
    else open?.controls.push(control);
  }
  for (const { formId, control } of pending) byId.get(formId)?.controls.push(control);
  return forms;
}
