import { describe, expect, it } from 'vitest';
import { messageNamespaces } from './messages';

describe('messageNamespaces', () => {
  it('names the namespace of each message that is a key', () => {
    expect(messageNamespaces(['cart:errors.voucher.unknown', 'forms:fields.required', 'configureParts:errors.taxCode.length'])).toEqual([
      'cart',
      'forms',
      'configureParts',
    ]);
  });

  it('ignores translated text, even with a colon in it', () => {
    expect(messageNamespaces(['Voucher: not known.', 'Nota: campo obbligatorio', 'plain text', ''])).toEqual([]);
  });
});
