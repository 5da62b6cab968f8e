// The renewal preference forms (the spec's manage call as HTML forms): a hidden `action` and the
// action's config field. The manage use case checks everything again; these let the browser say
// "choose one" before sending.
import * as z from 'zod/mini';
import type { ManageAction } from '../domain/membership-manage';

/** The spec's local errors (§8), as translation keys. */
export const MANAGE_MESSAGES = {
  invalidAction: 'membership:manage.invalid_action',
  invalidConfig: 'membership:manage.invalid_confg',
} as const;

/** The hidden field naming the action, as the spec's PATCH body names it. */
export const MANAGE_ACTION_FIELD = 'action';

const choice = () => z.string({ error: MANAGE_MESSAGES.invalidConfig });

export const renewalShipmentSchema = z.object({ shippingAddress: choice() });
export const renewalVariantSizeSchema = z.object({ preferredVariantSize: choice() });
export const renewalBillingSchema = z.object({ billingAddress: choice() });

export const MANAGE_SCHEMAS = {
  renewalShipment: renewalShipmentSchema,
  renewalVariantSize: renewalVariantSizeSchema,
  renewalBilling: renewalBillingSchema,
} as const satisfies Record<ManageAction, z.ZodMiniObject>;

/** The message of a value the manage use case refused (its reason code, per field). */
export function manageFieldMessage(reason: string): string {
  switch (reason) {
    case 'required':
      return MANAGE_MESSAGES.invalidConfig;
    case 'restrictedCountry':
    case 'notAvailableForProduct':
    case 'noSizes':
      return `membership:renewal.errors.${reason}`;
    default:
      return 'membership:renewal.errors.notInList';
  }
}
