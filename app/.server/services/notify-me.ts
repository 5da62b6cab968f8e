import { and, asc, count, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Language, LocalizedText } from '../../domain/catalogue-types';
import {
  backInStockMail,
  canAskToBeNotified,
  isPurchasable,
  MAX_PENDING_NOTIFY_REQUESTS,
  notifyMeDedupeKey,
} from '../../domain/notify-me';
import { failure, success, type Result } from '../../domain/result';
import type { ShopDb } from '../db/client';
import type { ServiceDeps } from '.';
import { customers, mailOutbox, notifyRequests, products, productVariants } from '../db/schema';
import { isLookupKey } from '../../domain/plain-text';
import { composeBackInStockMail } from '../mail/compose';

/** A fan's notify-me request as their list shows it. */
export type NotifyMeRequest = {
  productId: string;
  productName: LocalizedText;
  imageUrl: string;
  askedAt: Date;
  notifiedAt: Date | null;
};

/**
 * Refused for an unknown product, for one on sale (nothing to wait for), and when the fan
 * already waits for the most products allowed ('too-many').
 */
export type SubscribeResult = Result<void, 'available' | 'unknown-product' | 'too-many'>;

/** Products, or the executor of a transaction: both run queries. */
type Queries = Pick<ShopDb, 'select'>;

/** Whether each product can be bought now (domain rule), from its flags and its sizes' stock. */
async function purchasableProducts(db: Queries, productIds: string[]): Promise<Map<string, boolean>> {
  if (productIds.length === 0) return new Map();
  const productRows = await db
    .select({ id: products.id, availability: products.availability, soldOut: products.soldOut })
    .from(products)
    .where(inArray(products.id, productIds));
  const stockRows = await db
    .select({ productId: productVariants.productId, stockQty: productVariants.stockQty })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds));
  return new Map(
    productRows.map((product) => [
      product.id,
      isPurchasable(
        product,
        stockRows.filter((row) => row.productId === product.id).map((row) => row.stockQty),
      ),
    ]),
  );
}

export function createNotifyMeService(
  { db, clock, config }: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  { maxPending = MAX_PENDING_NOTIFY_REQUESTS }: { maxPending?: number } = {},
) {
  return {
    /**
     * Asks to be told when a sold-out product is back. Idempotent: one row per fan and
     * product; asking while waiting keeps the first date, asking after the mail re-arms it.
     * The language is the fan's current one (the mail is written in it).
     */
    async subscribe(customerId: string, productId: string, language: Language): Promise<SubscribeResult> {
      // An id from the URL that no product can have (a NUL byte) never reaches the database.
      if (!isLookupKey(productId)) return failure('unknown-product');
      const purchasable = (await purchasableProducts(db, [productId])).get(productId);
      if (purchasable === undefined) return failure('unknown-product');
      if (purchasable) return failure('available');
      // The fan's row is locked first, so parallel asks are counted one after the other.
      return db.transaction(async (tx) => {
        await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
        // Waiting for other products; asking again for this one is always fine.
        const [others] = await tx
          .select({ pending: count() })
          .from(notifyRequests)
          .where(
            and(
              eq(notifyRequests.customerId, customerId),
              isNull(notifyRequests.notifiedAt),
              ne(notifyRequests.productId, productId),
            ),
          );
        if (!canAskToBeNotified(others?.pending ?? 0, maxPending)) return failure('too-many');
        await tx
          .insert(notifyRequests)
          .values({ customerId, productId, language })
          .onConflictDoUpdate({
            target: [notifyRequests.customerId, notifyRequests.productId],
            set: {
              language,
              // A new asking date (hence a new mail key) only when the previous mail went out.
              createdAt: sql`case when ${notifyRequests.notifiedAt} is null then ${notifyRequests.createdAt} else now() end`,
              notifiedAt: null,
            },
          });
        return success(undefined);
      });
    },

    /** Whether the fan waits for this product (asked, mail not queued yet). */
    async isWaiting(customerId: string, productId: string): Promise<boolean> {
      if (!isLookupKey(productId)) return false;
      const [row] = await db
        .select({ id: notifyRequests.id })
        .from(notifyRequests)
        .where(
          and(
            eq(notifyRequests.customerId, customerId),
            eq(notifyRequests.productId, productId),
            isNull(notifyRequests.notifiedAt),
          ),
        )
        .limit(1);
      return Boolean(row);
    },

    /** The fan's requests, latest asked first. */
    async listForCustomer(customerId: string): Promise<NotifyMeRequest[]> {
      return db
        .select({
          productId: notifyRequests.productId,
          productName: products.name,
          imageUrl: products.imageUrl,
          askedAt: notifyRequests.createdAt,
          notifiedAt: notifyRequests.notifiedAt,
        })
        .from(notifyRequests)
        .innerJoin(products, eq(products.id, notifyRequests.productId))
        .where(eq(notifyRequests.customerId, customerId))
        .orderBy(desc(notifyRequests.createdAt), asc(notifyRequests.productId));
    },

    /** Removes the fan's own request; 'not-found' when they had none for the product. */
    async cancel(customerId: string, productId: string): Promise<Result<void, 'not-found'>> {
      if (!isLookupKey(productId)) return failure('not-found');
      const deleted = await db
        .delete(notifyRequests)
        .where(and(eq(notifyRequests.customerId, customerId), eq(notifyRequests.productId, productId)))
        .returning({ id: notifyRequests.id });
      return deleted.length > 0 ? success(undefined) : failure('not-found');
    },

    /**
     * Queues one mail per pending request whose product can be bought again; returns how
     * many. Claiming (`notified_at`) and queueing happen in one transaction: on PostgreSQL a
     * concurrent run waits for the claimed rows and then skips them (their `notified_at` is
     * no longer null), and the outbox's unique `dedupe_key` stops any second copy.
     */
    async releasePending(): Promise<number> {
      const now = clock.now();
      const { publicUrl } = config;
      return db.transaction(async (tx) => {
        const waited = await tx
          .selectDistinct({ productId: notifyRequests.productId })
          .from(notifyRequests)
          .where(isNull(notifyRequests.notifiedAt));
        const purchasable = await purchasableProducts(
          tx,
          waited.map((row) => row.productId),
        );
        const released = [...purchasable].filter(([, canBuy]) => canBuy).map(([productId]) => productId);
        if (released.length === 0) return 0;

        const claimed = await tx
          .update(notifyRequests)
          .set({ notifiedAt: now })
          .where(and(isNull(notifyRequests.notifiedAt), inArray(notifyRequests.productId, released)))
          .returning();
        if (claimed.length === 0) return 0;

        const fans = await tx
          .select({ id: customers.id, email: customers.email, firstName: customers.firstName })
          .from(customers)
          .where(inArray(customers.id, [...new Set(claimed.map((request) => request.customerId))]));
        const names = await tx
          .select({ id: products.id, name: products.name })
          .from(products)
          .where(inArray(products.id, released));
        const fanById = new Map(fans.map((fan) => [fan.id, fan]));
        const nameById = new Map(names.map((product) => [product.id, product.name]));

        const mails = claimed.flatMap((request) => {
          const fan = fanById.get(request.customerId);
          const productName = nameById.get(request.productId);
          if (!fan || !productName) return []; // deleted meanwhile (rows cascade)
          const { subject, text } = composeBackInStockMail(
            backInStockMail({
              language: request.language,
              firstName: fan.firstName,
              productId: request.productId,
              productName,
              publicUrl,
            }),
          );
          return [
            {
              dedupeKey: notifyMeDedupeKey(request.id, request.createdAt),
              kind: 'notify-me',
              toAddress: fan.email,
              language: request.language,
              subject,
              textBody: text,
            },
          ];
        });
        if (mails.length === 0) return 0;
        const queued = await tx
          .insert(mailOutbox)
          .values(mails)
          .onConflictDoNothing({ target: mailOutbox.dedupeKey })
          .returning({ id: mailOutbox.id });
        return queued.length;
      });
    },
  };
}

export type NotifyMeService = ReturnType<typeof createNotifyMeService>;
