// The Renewal preferences section on the server: what its tabs show (the fan's addresses as
// choices, the sizes, what is chosen now) and the manage form's post turned into the use case's
// call and its answer (303 with a notice, or the page again with the reason).
import { data, type RouterContextProvider } from 'react-router';
import * as z from 'zod/mini';
import type { AddressChoice } from '../../components/address/address-choices';
import type { ManageAnswer } from '../../components/memberships/membership-views';
import { ADDRESS_BOOK_PATH, canChooseFor, REDIRECT_URI_PARAM } from '../../domain/address-chooser';
import type { Language } from '../../domain/catalogue-types';
import {
  MANAGE_CONFIG_FIELDS,
  membershipSectionPath,
  parseManageAction,
  seesHolderData,
  type ManageAction,
  type ManageConfigField,
  type ManageRefusal,
  type RenewalTab,
} from '../../domain/membership-manage';
import { shippingRestriction } from '../../domain/shipping';
import { MANAGE_ACTION_FIELD, MANAGE_MESSAGES, MANAGE_SCHEMAS, manageFieldMessage } from '../../forms/membership-manage';
import { parseForm } from '../../forms/parse';
import { signedIn } from '../../.server/auth/guards';
import { redirectWithNotice } from '../../.server/http/flash';
import type { MembershipDetail } from '../../.server/services/memberships-contract';
import { shopContext } from '../../context';
import { getInstance } from '../../middleware/i18next';
import { describeAddresses } from '../account/addresses/address-view.server';
import { describeRenewalAddress } from './membership-view.server';

type Context = Readonly<RouterContextProvider>;

/** Which tab shows an action's form (the page a saved preference comes back to). */
const TAB_OF: Record<ManageAction, RenewalTab> = { renewalShipment: 'shipping', renewalVariantSize: 'shipping', renewalBilling: 'billing' };

/** What the tabs show; addresses and current choices only to a fan who may see them. */
export async function renewalView(context: Context, membership: MembershipDetail, language: Language, requestedAddressId: string | null) {
  const { customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const { t } = getInstance(context);
  const refusal: ManageRefusal | 'withdrawn' | null = membership.withdrawnAt !== null ? 'withdrawn' : membership.manageRefusal;
  // A gifter alone sees neither the renewal's addresses (the holder's) nor their own book here.
  const showsPreferences = seesHolderData(membership.roles);
  const saved = refusal === null ? await describeAddresses(await services.addresses.list(customer.id), language) : [];
  const product = await services.catalogue.getProductDetail(membership.productId);
  const shippingChoices: AddressChoice[] = saved.map((address) => {
    const restriction = canChooseFor('shipping', address.countryCode) ? (product ? shippingRestriction(product, address.countryCode) : null) : 'restrictedCountry';
    return {
      ...address,
      selectable: restriction === null,
      unavailableText: restriction === 'notAvailableForProduct' ? t('membership:renewal.notAvailableForProduct') : null,
    };
  });
  const billingChoices: AddressChoice[] = saved.map((address) => ({ ...address, selectable: true }));
  const chosen = (choices: AddressChoice[], current: string | undefined) =>
    choices.find((choice) => choice.selectable && choice.id === requestedAddressId)?.id ?? choices.find((choice) => choice.selectable && choice.id === current)?.id ?? null;
  const size = membership.sizes.find((candidate) => candidate.variantSize === membership.preferredVariantSize);
  return {
    refusal,
    current: showsPreferences
      ? {
          shippingAddress: await describeRenewalAddress(membership.shippingAddress, language),
          billingAddress: await describeRenewalAddress(membership.billingAddress, language),
          preferredVariantSize: size ? t('membership:renewal.sizeOption', { ...size }) : null,
        }
      : null,
    shippingChoices,
    billingChoices,
    checked: {
      shippingAddress: chosen(shippingChoices, membership.shippingAddress?.addressId),
      billingAddress: chosen(billingChoices, membership.billingAddress?.addressId),
      preferredVariantSize: membership.preferredVariantSize === null ? null : String(membership.preferredVariantSize),
    },
    sizes: membership.sizes.map((option) => ({ value: String(option.variantSize), label: t('membership:renewal.sizeOption', { ...option }) })),
  };
}

/** `/account/addresses/new` coming back to this tab with the new address chosen. */
export function addAddressPath(code: string, tab: RenewalTab): string {
  return `${ADDRESS_BOOK_PATH}/new?${new URLSearchParams({ [REDIRECT_URI_PARAM]: membershipSectionPath(code, 'renewal', tab) })}`;
}

const STATUS_OF: Record<ManageRefusal, number> = { 'not-manager': 403, 'not-live': 409, 'gift-from-someone-else': 409 };

/** The manage form's post: `action` and the action's config field (docs/forms.md). */
export async function submitManageForm(request: Request, context: Context, code: string, formData: FormData) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const text = (name: ManageConfigField) => {
    const value = formData.get(name);
    return typeof value === 'string' ? value : undefined;
  };
  const requested = formData.get(MANAGE_ACTION_FIELD);
  const outcome = await services.memberships.manage(
    { customerId: customer.id, subject: user.subject },
    code,
    { action: requested, config: { shippingAddress: text('shippingAddress'), preferredVariantSize: text('preferredVariantSize'), billingAddress: text('billingAddress') } },
  );
  if (outcome.ok) {
    const { action } = outcome.value;
    return redirectWithNotice(request, context, membershipSectionPath(code, 'renewal', TAB_OF[action]), { key: `membership:renewal.saved.${action}` });
  }
  if (outcome.reason === 'not-found') throw data({ reason: 'membership-not-found' }, { status: 404 });
  const action = parseManageAction(requested);
  const submission = parseForm(formData, action ? MANAGE_SCHEMAS[action] : z.object({}));
  const answer = (status: number, fields: Partial<Record<ManageConfigField, string>>, problem: string | null) =>
    data<ManageAnswer>(
      {
        action,
        problem,
        result: submission.reply({ fieldErrors: Object.fromEntries(Object.entries(fields).map(([field, reason]) => [field, [manageFieldMessage(reason)]])) }),
      },
      { status },
    );
  switch (outcome.reason) {
    case 'invalid-action':
      return answer(400, {}, MANAGE_MESSAGES.invalidAction);
    case 'invalid-config':
    case 'invalid':
      return answer(400, action ? { [MANAGE_CONFIG_FIELDS[action]]: outcome.fields[MANAGE_CONFIG_FIELDS[action]] ?? 'required' } : {}, null);
    default:
      return answer(STATUS_OF[outcome.reason], {}, `membership:renewal.refusal.${outcome.reason}`);
  }
}
