// The upgrade and renewal forms (issue 15). The fan chooses one thing, whether the new membership
// renews itself; the rest follows the membership, and the cart service checks all of it.

/** The automatic-renewal checkbox: `automaticRenewal=on` asks for it; absent (unticked) does not. */
export const AUTOMATIC_RENEWAL_FIELD = 'automaticRenewal';

export function automaticRenewalRequested(formData: FormData): boolean {
  return formData.get(AUTOMATIC_RENEWAL_FIELD) === 'on';
}
