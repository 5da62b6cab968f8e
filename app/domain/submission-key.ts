/**
 * The add form's idempotency key (issue 12, "a double submit never duplicates an item"). A
 * new-item form page carries a random key in its URL (`?submission=`); the form posts to its own
 * URL, so the key travels with every submit of that page — twice clicked, resent after a reload,
 * or sent again after going back — and the cart service adds one item per key. Going back to a
 * page whose key already made an item shows that item to edit instead.
 */
export const SUBMISSION_PARAM = 'submission';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A key as the shop makes them (a UUID); anything else is not one (a forged or damaged URL). */
export function isSubmissionKey(value: string | null): value is string {
  return value !== null && KEY.test(value);
}
