import type { Response } from 'express';
import type { Language } from '../../../domain/catalogue-types';
import { formatPrice } from '../../../domain/price';
import { plainTranslators } from '../../i18n/plain-translators';
import formsCss from '../../../components/form/forms.css?raw';
import simulatorCss from '../../../styles/payment-simulator.css?raw';
import shopStylesUrl from '../../../styles/app.css?url';
import { SHEET_URLS } from '../../../styles/sheets';
import { SIMULATOR_PATH } from '../config';

/**
 * What the simulator's HTML pages share: the shop's stylesheet (as identity-provider/pages.ts
 * loads it), translations from the server-only `psp` namespace, escaping, and one layout with a
 * language, a title and a main heading. No scripts: every page is plain forms that work
 * without JavaScript, within the shop's CSP.
 */

/** Served by the simulator itself: a `?url` asset of the server alone would not exist in the client build. */
export const SIMULATOR_STYLES_PATH = '/assets/simulator.css';
export const SIMULATOR_STYLES = `${formsCss}\n${simulatorCss}`;

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Shorter to read in templates. */
export const h = escapeHtml;

const translators = plainTranslators({ ns: ['psp', 'common'], defaultNS: 'psp' }, 'payment simulator');

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A translator whose results are escaped for HTML. */
export function translatorFor(language: Language): Translate {
  const t = translators(language);
  // The templates escape every text they insert, translations and values alike.
  return (key, values) => escapeHtml(String(t(key, values ?? {})));
}

export function money(value: number, language: Language): string {
  return formatPrice(value, language);
}

/** A whole page; `title` and `main` are HTML already escaped by their maker. */
export function page(input: { language: Language; title: string; main: string; wide?: boolean }): string {
  const t = translatorFor(input.language);
  return `<!DOCTYPE html>
<html lang="${input.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${input.title} – ${t('title')}</title>
<link rel="stylesheet" href="${h(shopStylesUrl)}">
<link rel="stylesheet" href="${h(SHEET_URLS.components)}">
<link rel="stylesheet" href="${SIMULATOR_PATH}${SIMULATOR_STYLES_PATH}">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<header class="site-header"><div class="site-header__inner"><span class="site-header__brand">${t('title')}</span></div></header>
<main id="main" class="site-main psp-page${input.wide ? ' psp-support' : ''}">
<p class="psp-banner">${t('banner')}</p>
${input.main}
</main>
</body>
</html>`;
}

/** Sends a page, never cached (it shows a payment's state). */
export function sendPage(res: Response, status: number, html: string): void {
  res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
}

export type FieldErrors = Partial<Record<string, string>>;

/**
 * The error summary: a heading and a link to each field in error (by its id), naming the field
 * when `labels` give its label ("Amount: …"). It takes focus as the page loads (`autofocus`;
 * the pages have no script), so a screen reader starts there: Chromium honours `autofocus` on this
 * `tabindex="-1"` element, as on the shop's own ErrorSummary (e2e/payments.spec.ts, the offline
 * simulator test, checks document.activeElement with JavaScript on and off).
 */
export function errorSummary(t: Translate, errors: FieldErrors, labels: Partial<Record<string, string>> = {}): string {
  const entries = Object.entries(errors).filter((entry): entry is [string, string] => Boolean(entry[1]));
  if (entries.length === 0) return '';
  // Label and message are escaped already: the entry's own words are translated around markers, then they go in.
  const entry = t('errors.entry', { label: '{label}', message: '{message}' });
  const text = (fieldId: string, message: string) => {
    const label = labels[fieldId];
    return label ? entry.replace(/\{(label|message)\}/g, (_marker, part: string) => (part === 'label' ? label : message)) : message;
  };
  const items = entries.map(([fieldId, message]) => `<li><a href="#${h(fieldId)}">${text(fieldId, message)}</a></li>`).join('');
  return `<div class="error-summary" role="alert" aria-labelledby="error-summary-title" tabindex="-1" autofocus>
<h2 class="error-summary__title" id="error-summary-title">${t('errors.summary')}</h2>
<ul class="error-summary__list">${items}</ul>
</div>`;
}

/** A labelled input with its hint and error, tied together for screen readers. */
export function field(input: {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  value?: string;
  type?: string;
  autocomplete: string;
  inputmode?: string;
  maxlength: number;
  required?: boolean;
}): string {
  const describedBy = [input.hint ? `${input.id}-hint` : '', input.error ? `${input.id}-error` : ''].filter(Boolean).join(' ');
  return `<div class="form-field"${input.error ? ' data-invalid' : ''}>
<label class="form-field__label" for="${h(input.id)}">${input.label}</label>
${input.hint ? `<p class="form-field__hint" id="${h(input.id)}-hint">${input.hint}</p>` : ''}
${input.error ? `<p class="form-field__error" id="${h(input.id)}-error">${input.error}</p>` : ''}
<input class="form-field__input" id="${h(input.id)}" name="${h(input.name)}" type="${input.type ?? 'text'}" autocomplete="${input.autocomplete}"${input.inputmode ? ` inputmode="${input.inputmode}"` : ''} maxlength="${input.maxlength}"${input.required ? ' aria-required="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}${input.error ? ' aria-invalid="true"' : ''} value="${h(input.value ?? '')}">
</div>`;
}

function describedBy(id: string, hint: string | undefined, error: string | undefined): string {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids ? ` aria-describedby="${h(ids)}"` : '';
}

function messages(id: string, hint: string | undefined, error: string | undefined): string {
  return `${hint ? `<p class="form-field__hint" id="${h(id)}-hint">${hint}</p>` : ''}${error ? `<p class="form-field__error" id="${h(id)}-error">${error}</p>` : ''}`;
}

export type Choice = { value: string; label: string };

/** A labelled native select with its hint and error; `label`, `hint`, `error` and the options' labels are escaped HTML. */
export function selectField(input: { id: string; name: string; label: string; options: readonly Choice[]; selected: string; hint?: string; error?: string }): string {
  const options = input.options.map((option) => `<option value="${h(option.value)}"${option.value === input.selected ? ' selected' : ''}>${option.label}</option>`).join('');
  return `<div class="form-field"${input.error ? ' data-invalid' : ''}>
<label class="form-field__label" for="${h(input.id)}">${input.label}</label>
${messages(input.id, input.hint, input.error)}
<select class="form-field__input" id="${h(input.id)}" name="${h(input.name)}"${describedBy(input.id, input.hint, input.error)}${input.error ? ' aria-invalid="true"' : ''}>${options}</select>
</div>`;
}

/**
 * A fieldset of native radios under its legend; the first radio carries the group's id, so the
 * error summary's link lands on the group (as the shop's RadioGroupField does).
 */
export function radioGroup(input: { id: string; name: string; legend: string; options: readonly Choice[]; checked: string; hint?: string; error?: string }): string {
  const radios = input.options
    .map((option, index) => {
      const id = index === 0 ? input.id : `${input.id}-${option.value}`;
      return `<div class="form-field__option"><input type="radio" id="${h(id)}" name="${h(input.name)}" value="${h(option.value)}"${option.value === input.checked ? ' checked' : ''}${describedBy(input.id, input.hint, input.error)}${input.error ? ' aria-invalid="true"' : ''}><label for="${h(id)}">${option.label}</label></div>`;
    })
    .join('');
  return `<fieldset class="form-field form-field--group"${input.error ? ' data-invalid' : ''}>
<legend class="form-field__label">${input.legend}</legend>
${messages(input.id, input.hint, input.error)}
<div class="form-field__options">${radios}</div>
</fieldset>`;
}
