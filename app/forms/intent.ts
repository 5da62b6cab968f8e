/**
 * Submit buttons named `intent` choose between the actions of one route (DESIGN §5).
 * `refresh` re-renders a form with narrowed lists (country → province → city) without
 * validating or saving: the no-JavaScript way to fill dependent fields.
 */
export const INTENT_FIELD = 'intent';
export const REFRESH_INTENT = 'refresh';

export function intentOf(formData: FormData): string | null {
  const value = formData.get(INTENT_FIELD);
  return typeof value === 'string' ? value : null;
}

export function isRefresh(formData: FormData): boolean {
  return intentOf(formData) === REFRESH_INTENT;
}
