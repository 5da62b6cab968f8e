import type { TFunction } from 'i18next';
import type { ShopI18n } from '../../i18n/browser-i18n';

/** Form messages are translation keys (from zod schemas) or text the server already translated. */
export function translateMessage(t: TFunction, i18n: ShopI18n, message: string): string {
  return i18n.exists(message) ? t(message) : message;
}
