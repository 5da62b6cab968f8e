import type { i18n as I18n, TFunction } from 'i18next';

/** Form messages are translation keys (from zod schemas) or text the server already translated. */
export function translateMessage(t: TFunction, i18n: I18n, message: string): string {
  return i18n.exists(message) ? t(message) : message;
}
