// The cart cap's messages write the number out (they are plain keys, without values): keep them in step with the rule.
import { describe, expect, it } from 'vitest';
import { MAX_CART_ITEMS } from '../domain/cart-rules';
import { createI18nInstance } from '../i18n/instance';
import { resources } from '../i18n/resources';

describe('the full cart message', () => {
  it.each(['it', 'en'] as const)('names the limit in %s, on the configure form and both follow-up pages', (language) => {
    const { t } = createI18nInstance(language, resources);
    for (const key of ['configure:errors.product.cartFull', 'followUp:upgrade.problem.cartFull', 'followUp:renewal.problem.cartFull']) {
      expect(t(key)).toContain(` ${MAX_CART_ITEMS} `);
    }
  });
});
