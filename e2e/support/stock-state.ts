import { expect, type APIRequestContext } from '@playwright/test';

/**
 * Marks a product sold out as the support page's form does (POST /dev/stock, docs/forms.md), for
 * a test that needs it sold out but does not test that page: restocking is its own step.
 */
export async function markSoldOut(request: APIRequestContext, productId: string): Promise<void> {
  const marked = await request.post('/dev/stock', { form: { intent: 'sell-out', productId }, maxRedirects: 0 });
  expect(marked.status(), `${productId} marked sold out (303)`).toBe(303);
}
