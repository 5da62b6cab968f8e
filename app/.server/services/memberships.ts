// My Membership (issue 15): the fan's memberships by list tab, one membership's page, and the
// spec's manage call (renewal preferences). Every call takes the signed-in owner and answers only
// about memberships the fan holds, manages or gave; anything else is 'not-found' (the page's 404).
import { and, asc, desc, eq, gte, inArray, or } from 'drizzle-orm';
import { billingAddressOf } from '../../domain/billing';
import { isRestrictedCountry } from '../../domain/countries';
import {
  LIVE_STATUSES,
  MANAGE_CONFIG_FIELDS,
  manageRefusal,
  parseManageAction,
  parsePreferredSize,
  rolesOf,
  seesHolderData,
  upgradeRefusal,
  type MembershipParties,
  type MembershipTab,
} from '../../domain/membership-manage';
import { checkRenewal, renewalPath } from '../../domain/membership-follow-up';
import { footballYearStart, isListedInTab } from '../../domain/membership-listing';
import { failure, success, type Result } from '../../domain/result';
import { nextSeason } from '../../domain/season';
import { shippingRestriction, type PostalAddress } from '../../domain/shipping';
import { romeDate } from '../../domain/shop-time';
import type { ShopDb } from '../db/client';
import { gifts, memberships, orderItems } from '../db/schema';
import type { ServiceDeps } from '.';
import type { AddressesService, SavedAddress } from './addresses';
import type { CartOwner } from './cart-contract';
import { findOwner } from './cart-items';
import { activationInstant } from '../../domain/withdrawal';
import { findFollowedByCode } from './followed-memberships';
import type { CatalogueService } from './catalogue';
import type { ManageRequest, ManageResult, MembershipDetail, MembershipListRow } from './memberships-contract';

type MembershipRow = { membership: typeof memberships.$inferSelect; itemName: typeof orderItems.$inferSelect.name; giftRedeemedAt: Date | null; giftId: string | null };

function partiesOf(row: MembershipRow): MembershipParties {
  const { status, holderCustomerId, managerCustomerId, gifterCustomerId } = row.membership;
  return { status, holderCustomerId, managerCustomerId, gifterCustomerId, gift: row.giftId === null ? null : { redeemed: row.giftRedeemedAt !== null } };
}

function listRowOf(row: MembershipRow, customerId: string, imageUrl: string | null): MembershipListRow {
  const { membership } = row;
  const roles = rolesOf(partiesOf(row), customerId);
  const holder = seesHolderData(roles) ? membership.holder : null;
  return {
    code: membership.code,
    productId: membership.productId,
    productName: row.itemName,
    status: membership.status,
    season: membership.season,
    roles,
    holderName: holder ? `${holder.firstName} ${holder.lastName}` : null,
    imageUrl,
    // Issued when paid (or when a gift's holder was chosen, later still): the instant to start from.
    activatesAt:
      membership.status === 'ready' && membership.holder !== null
        ? activationInstant({ season: membership.season, withdrawalEndsAt: membership.withdrawalEndsAt, paidAt: membership.createdAt })
        : null,
    withdrawnAt: membership.status === 'cancelled' ? membership.withdrawnAt : null,
  };
}

/** The fields of a saved address that say where a parcel goes (its id kept beside them). */
function postalAddressOf(saved: SavedAddress): PostalAddress {
  const { firstName, lastName, phone, street, number, extraInfo, countryCode, provinceCode, state, region, city, cityCode, postalCode } = saved;
  return { firstName, lastName, phone, street, number, extraInfo, countryCode, provinceCode, state, region, city, cityCode, postalCode };
}

export function createMembershipsService(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  { catalogue, addresses }: { catalogue: CatalogueService; addresses: AddressesService },
) {
  function selectRows(executor: ShopDb) {
    return executor
      .select({ membership: memberships, itemName: orderItems.name, giftRedeemedAt: gifts.redeemedAt, giftId: gifts.id })
      .from(memberships)
      .innerJoin(orderItems, eq(orderItems.id, memberships.orderItemId))
      .leftJoin(gifts, eq(gifts.membershipId, memberships.id));
  }

  /** The membership `code` and the fan's customer id when the fan has a role in it; else null. */
  async function findOwned(owner: CartOwner, code: string): Promise<{ row: MembershipRow; customerId: string } | null> {
    const customer = await findOwner(db, owner);
    if (!customer || code.length > 40) return null;
    const [row] = await selectRows(db).where(eq(memberships.code, code)).limit(1);
    if (!row || rolesOf(partiesOf(row), customer.id).length === 0) return null;
    return { row, customerId: customer.id };
  }

  return {
    /** The fan's memberships that `tab` lists (live, or withdrawn this football year), newest first. */
    async list(owner: CartOwner, tab: MembershipTab): Promise<MembershipListRow[]> {
      const customer = await findOwner(db, owner);
      if (!customer) return [];
      const id = customer.id;
      const today = romeDate(clock.now());
      const rows = await selectRows(db)
        .where(
          and(
            or(eq(memberships.holderCustomerId, id), eq(memberships.managerCustomerId, id), eq(memberships.gifterCustomerId, id)),
            // Narrowed here, decided by the domain rule below.
            or(inArray(memberships.status, [...LIVE_STATUSES]), and(eq(memberships.status, 'cancelled'), gte(memberships.withdrawnAt, footballYearStart(today)))),
          ),
        )
        .orderBy(desc(memberships.createdAt), asc(memberships.code));
      const listed = rows.filter((row) => isListedInTab({ ...partiesOf(row), withdrawnAt: row.membership.withdrawnAt }, id, tab, today));
      const products = await catalogue.getProductDetails([...new Set(listed.map((row) => row.membership.productId))]);
      return listed.map((row) => listRowOf(row, id, products.get(row.membership.productId)?.imageUrl ?? null));
    },

    /** One membership the fan holds, manages or gave (whatever its status); null for anything else. */
    async find(owner: CartOwner, code: string): Promise<MembershipDetail | null> {
      const owned = await findOwned(owner, code);
      if (!owned) return null;
      const { row, customerId } = owned;
      const { membership } = row;
      const parties = partiesOf(row);
      const product = await catalogue.getProductDetail(membership.productId);
      const listRow = listRowOf(row, customerId, product?.imageUrl ?? null);
      const target = product?.upgradeTo ? await catalogue.getProductDetail(product.upgradeTo) : null;
      const refusal = upgradeRefusal(parties, customerId, target?.id ?? null);
      return {
        ...listRow,
        type: membership.type,
        parties,
        holder: seesHolderData(listRow.roles) ? membership.holder : null,
        automaticRenewal: membership.automaticRenewal,
        preferredVariantSize: membership.preferredVariantSize,
        sizes: product?.variants.map(({ variantSize, label, itLabel, ukLabel }) => ({ variantSize, label, itLabel, ukLabel })) ?? [],
        shippingAddress: membership.shippingAddress,
        billingAddress: membership.billingAddress,
        manageRefusal: manageRefusal(parties, customerId),
        upgrade: refusal === null && target ? { refusal: null, target: { id: target.id, name: target.name } } : { refusal: refusal ?? 'no-upgrade', target: null },
        renewal: await renewalOffer(code, customerId),
      };
    },

    /**
     * The spec's manage call (`PATCH me/memberships/{code}/manage` with action and config): checks,
     * in order, that the membership is the fan's, the action one of the three, its config given,
     * the fan allowed (domain manageRefusal) and the value a real choice; then keeps it.
     */
    async manage(owner: CartOwner, code: string, request: ManageRequest): Promise<ManageResult> {
      const owned = await findOwned(owner, code);
      if (!owned) return failure('not-found');
      const { row, customerId } = owned;
      const action = parseManageAction(request.action);
      if (!action) return failure('invalid-action');
      const field = MANAGE_CONFIG_FIELDS[action];
      const value = request.config[field]?.trim() ?? '';
      if (value === '') return failure('invalid-config', { [field]: 'required' });
      const refusal = manageRefusal(partiesOf(row), customerId);
      if (refusal) return failure(refusal);
      const change = await changeFor(action, value, row, customerId);
      if (!change.ok) return failure('invalid', { [field]: change.reason });
      const updated = await db
        .update(memberships)
        .set(change.value)
        // The rules again, for a change that raced this call (a status moved meanwhile).
        .where(and(eq(memberships.id, row.membership.id), eq(memberships.managerCustomerId, customerId), inArray(memberships.status, [...LIVE_STATUSES])))
        .returning({ id: memberships.id });
      return updated.length > 0 ? success({ action }) : failure('not-live');
    },
  };

  /** The renewal of `code` its manager can buy now: the page of its own product for the next season. */
  async function renewalOffer(code: string, customerId: string): Promise<MembershipDetail['renewal']> {
    const followed = await findFollowedByCode(db, code);
    if (!followed?.season || checkRenewal(followed, customerId, followed.kindCode ?? '') !== null) return null;
    const season = nextSeason(followed.season);
    return season === null ? null : { href: renewalPath(followed.productId, followed.code), season };
  }

  /** The column the action sets, from a value the fan may choose; else why not ('notInList', …). */
  async function changeFor(
    action: keyof typeof MANAGE_CONFIG_FIELDS,
    value: string,
    row: MembershipRow,
    customerId: string,
  ): Promise<Result<Partial<typeof memberships.$inferInsert>, string>> {
    if (action === 'renewalVariantSize') {
      const product = await catalogue.getProductDetail(row.membership.productId);
      const sizes = product?.variants.map((variant) => variant.variantSize) ?? [];
      if (sizes.length === 0) return failure('noSizes');
      const size = parsePreferredSize(value, sizes);
      return size === null ? failure('notInList') : success({ preferredVariantSize: size });
    }
    // Someone else's address is answered like an unknown one.
    const saved = await addresses.get(customerId, value);
    if (!saved) return failure('notInList');
    if (action === 'renewalBilling') return success({ billingAddress: billingAddressOf(saved.id, postalAddressOf(saved)) });
    const product = await catalogue.getProductDetail(row.membership.productId);
    // A product gone from the catalogue: the shop's own restricted countries still apply.
    const restriction = product ? shippingRestriction(product, saved.countryCode) : isRestrictedCountry(saved.countryCode) ? 'restrictedCountry' : null;
    if (restriction) return failure(restriction);
    return success({ shippingAddress: { ...postalAddressOf(saved), addressId: saved.id } });
  }
}

export type MembershipsService = ReturnType<typeof createMembershipsService>;
