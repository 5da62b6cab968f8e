// What the My Membership pages show, shaped on the server: a membership's words in the page's
// language, the holder's data for reading, and a stored renewal address as address lines.
import { data, type RouterContextProvider } from 'react-router';
import { summariseAddress, type AddressSummary } from '../../domain/address-summary';
import { formatBirthDate } from '../../domain/birth-date';
import type { Language } from '../../domain/catalogue-types';
import { formatShopDate } from '../../domain/display-format';
import type { HolderView, MembershipCardView } from '../../components/memberships/membership-views';
import { membershipPath } from '../../domain/membership-manage';
import { formatPhoneForDisplay } from '../../domain/phone';
import type { PostalAddress } from '../../domain/shipping';
import { signedIn } from '../../.server/auth/guards';
import { getCountry } from '../../.server/services/lookups';
import type { MembershipDetail, MembershipListRow } from '../../.server/services/memberships-contract';
import { shopContext } from '../../context';

export function membershipCardView(row: MembershipListRow, language: Language): MembershipCardView {
  return {
    code: row.code,
    href: membershipPath(row.code),
    productName: row.productName[language],
    status: row.status,
    season: row.season,
    roles: row.roles,
    holderName: row.holderName,
    imageUrl: row.imageUrl,
    activatesOn: row.activatesAt ? formatShopDate(row.activatesAt, language) : null,
    withdrawnOn: row.withdrawnAt ? formatShopDate(row.withdrawnAt, language) : null,
  };
}

export function holderView(holder: NonNullable<MembershipDetail['holder']>): HolderView {
  const orNull = (value: string) => (value.trim() === '' ? null : value);
  return {
    name: `${holder.firstName} ${holder.lastName}`,
    dob: orNull(holder.dob) && formatBirthDate(holder.dob),
    email: orNull(holder.email),
    phone: orNull(holder.phone) && formatPhoneForDisplay(holder.phone),
    taxCode: orNull(holder.taxCode),
  };
}

/** A renewal address as address lines; its id is the saved address it came from (or none). */
export async function describeRenewalAddress(address: (PostalAddress & { addressId?: string }) | null, language: Language): Promise<AddressSummary | null> {
  if (!address) return null;
  const country = (await getCountry(address.countryCode, language))?.name ?? address.countryCode;
  return summariseAddress({ ...address, id: address.addressId ?? '', isPreferred: false }, country);
}

/**
 * The membership `code` for the signed-in fan (holder, manager or gifter); anything else —
 * someone else's, unknown, malformed — is the shop's 404 page, alike.
 */
export async function membershipOr404(context: Readonly<RouterContextProvider>, code: string): Promise<MembershipDetail> {
  const { user, customer } = signedIn(context);
  const membership = await context.get(shopContext).services.memberships.find({ customerId: customer.id, subject: user.subject }, code);
  if (!membership) throw data({ reason: 'membership-not-found' }, { status: 404 });
  return membership;
}
