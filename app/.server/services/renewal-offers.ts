// Automatic renewal (issue 15, item 6; docs/decisions/memberships.md "Automatic renewal"): from the
// last month of its season (domain renewalOfferDay), a membership whose manager asked for automatic
// renewal is offered its renewal once — the renewal put in their cart by the cart's own use case
// (every rule applies) and a mail to confirm it. Nothing is charged without the fan.
//
// Safe on several instances and across a crash: the item's submission key is the membership's
// id (two passes make one item), and only the pass whose guarded UPDATE marks the membership
// offered queues the mail, in the same transaction (whose dedupe key backs it).
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { renewalPath } from '../../domain/membership-follow-up';
import { LIVE_STATUSES } from '../../domain/membership-manage';
import { isRenewalOfferDue, nextSeason } from '../../domain/season';
import { romeDate } from '../../domain/shop-time';
import { customers, mailOutbox, memberships, orderItems, orders } from '../db/schema';
import { composeRenewalOfferMail } from '../mail/renewal-offer';
import type { ServiceDeps } from '.';
import type { CartFollowUpsService } from './cart-follow-ups';
import { CART_PATH } from '../../domain/cart-summary';

/** Memberships one pass reads at a time: a pass repeats until fewer are left. */
export const RENEWAL_OFFER_BATCH = 100;

export function renewalOfferMailKey(membershipId: string): string {
  return `renewal-offer:${membershipId}`;
}

export function createRenewalOffersService(
  { db, clock, config }: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  { cart }: { cart: Pick<CartFollowUpsService, 'saveFollowUpItem'> },
  { batchSize = RENEWAL_OFFER_BATCH }: { batchSize?: number } = {},
) {
  /** Automatic renewals not offered yet, of live memberships with a manager, in the seasons due. */
  async function dueSeasons(today: string): Promise<string[]> {
    const seasons = await db
      .selectDistinct({ season: memberships.season })
      .from(memberships)
      .where(and(eq(memberships.automaticRenewal, true), isNull(memberships.renewalOfferedAt)));
    return seasons.flatMap(({ season }) => (season !== null && isRenewalOfferDue(season, today) ? [season] : []));
  }

  function selectDue(seasons: string[]) {
    return db
      .select({
        id: memberships.id,
        code: memberships.code,
        productId: memberships.productId,
        season: memberships.season,
        customerId: customers.id,
        subject: customers.oidcSubject,
        email: customers.email,
        firstName: customers.firstName,
        language: orders.language,
        productName: orderItems.name,
      })
      .from(memberships)
      .innerJoin(customers, eq(customers.id, memberships.managerCustomerId))
      .innerJoin(orderItems, eq(orderItems.id, memberships.orderItemId))
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          eq(memberships.automaticRenewal, true),
          isNull(memberships.renewalOfferedAt),
          inArray(memberships.season, seasons),
          inArray(memberships.status, [...LIVE_STATUSES]),
        ),
      )
      .orderBy(memberships.id)
      .limit(batchSize);
  }

  return {
    /**
     * Offers every automatic renewal that is due; answers how many this call offered. A renewal
     * the rules refuse (renewed already, in an order, over, no holder) is marked offered without
     * a mail; one the cart cannot take (the fan's profile incomplete, the same renewal already in
     * it) is mailed with its page, where the fan sees why.
     */
    async offerDue(): Promise<number> {
      const now = clock.now();
      const seasons = await dueSeasons(romeDate(now));
      if (seasons.length === 0) return 0;
      let offered = 0;
      // Every row read is marked by the end of its turn (here or by another pass), so it is not read again.
      for (;;) {
        const rows = await selectDue(seasons);
        for (const row of rows) {
          const added = await cart.saveFollowUpItem({
            owner: { customerId: row.customerId, subject: row.subject },
            process: 'renewal',
            productId: row.productId,
            membershipCode: row.code,
            cartItemId: null,
            automaticRenewal: true,
            // One item however many passes run, or rerun after a crash before the mark below.
            submissionKey: row.id,
          });
          const mailed = added.ok || added.reason === 'profile-incomplete' || added.reason === 'invalid';
          const link = added.ok ? `${config.publicUrl}${CART_PATH}` : `${config.publicUrl}${renewalPath(row.productId, row.code)}`;
          const marked = await db.transaction(async (tx) => {
            const [mark] = await tx
              .update(memberships)
              .set({ renewalOfferedAt: now })
              .where(and(eq(memberships.id, row.id), isNull(memberships.renewalOfferedAt)))
              .returning({ id: memberships.id });
            if (!mark || !mailed) return Boolean(mark);
            const mail = composeRenewalOfferMail({
              language: row.language,
              firstName: row.firstName,
              productName: row.productName[row.language],
              membershipCode: row.code,
              season: (row.season && nextSeason(row.season)) ?? '',
              inCart: added.ok,
              link,
            });
            await tx
              .insert(mailOutbox)
              .values({ dedupeKey: renewalOfferMailKey(row.id), kind: 'renewal-offer', toAddress: row.email, language: row.language, subject: mail.subject, textBody: mail.text })
              .onConflictDoNothing({ target: mailOutbox.dedupeKey });
            return true;
          });
          if (marked) offered += 1;
        }
        if (rows.length < batchSize) return offered;
      }
    },
  };
}

export type RenewalOffersService = ReturnType<typeof createRenewalOffersService>;
