import type { TFunction } from 'i18next';
import type { ShopI18n } from '../../i18n/browser-i18n';
import type { Namespace } from '../../i18n/translation-context';

/** Form messages are translation keys (from zod schemas) or text the server already translated. */
export function translateMessage(t: TFunction, i18n: ShopI18n, message: string): string {
  return i18n.exists(message) ? t(message) : message;
}

/** A message that is a key: `namespace:path.to.key`, no spaces (a translated text has some). */
const MESSAGE_KEY = /^([a-z][A-Za-z]*):[\w.-]+$/;

/**
 * The namespaces the messages' keys live in, for `useShopTranslation` to load with the component
 * that shows them: a message may come from another flow's schema or service (checkout's voucher
 * refusals are the cart's), whose translations the page did not otherwise need. A name that is
 * no namespace is dropped where the translations are loaded.
 */
export function messageNamespaces(messages: readonly string[]): Namespace[] {
  return messages.flatMap((message) => {
    const namespace = MESSAGE_KEY.exec(message)?.[1];
    return namespace ? [namespace as Namespace] : [];
  });
}
