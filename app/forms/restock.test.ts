import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { restockSchema } from './restock';

function parse(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema: restockSchema });
}

const errorsOf = (result: ReturnType<typeof parse>) => (result.status === 'error' ? result.error : undefined);

describe('restockSchema', () => {
  it('reads a whole quantity from 1 to 99999 and an optional size', () => {
    const one = parse({ productId: 'young', quantity: '1' });
    expect(one.status === 'success' && one.value).toEqual({ productId: 'young', quantity: 1 });
    const most = parse({ productId: 'jcard', variantId: 'jcard-64', quantity: ' 99999 ' });
    expect(most.status === 'success' && most.value).toEqual({ productId: 'jcard', variantId: 'jcard-64', quantity: 99999 });
  });

  // Spec §5: number inputs strip non-digits, on the server too (the browser does it as typed).
  it.each([
    ['1.000', 1000],
    [' 12 ', 12],
    ['-2', 2],
  ])('reads %j as %j', (quantity, read) => {
    const result = parse({ productId: 'young', quantity });
    expect(result.status === 'success' && result.value.quantity).toBe(read);
  });

  it.each(['0', '100000', '99.999.9', 'five', ''])('refuses the quantity %j', (quantity) => {
    const result = parse({ productId: 'young', quantity });
    expect(result.status).toBe('error');
    expect(errorsOf(result)?.quantity).toEqual([expect.stringMatching(/invalidQuantity|required/)]);
  });

  it('needs a product', () => {
    expect(errorsOf(parse({ quantity: '3' }))?.productId).toEqual(['forms:fields.required']);
  });
});
