import type { Clock } from '../clock';
import type { CatalogueChanges, ShopDb } from '../db/client';
import type { Config } from '../env';
import type { Logger } from '../logger';
import { createMailOutboxService, type MailOutboxService } from '../mail/outbox';
import type { DocumentStore } from '../uploads/document-store';
import { createAddressesService, type AddressesService } from './addresses';
import { createCartService, type CartService } from './cart';
import { createCatalogueService, type CatalogueService } from './catalogue';
import { createCodeAttemptLimiter, type CodeAttemptLimiter } from './code-attempts';
import { createCouponsService, type CouponsService } from './coupons';
import { createCustomersService, type CustomersService } from './customers';
import { createDocumentRetentionService, type DocumentRetentionService } from './document-retention';
import { createGiftsService, type GiftsService } from './gifts';
import { createMembershipActivationService, type MembershipActivationService } from './membership-activation';
import { createMembershipsService, type MembershipsService } from './memberships';
import { createNotifyMeService, type NotifyMeService } from './notify-me';
import { createOrdersService, type OrdersService } from './orders';
import { createPaymentsService, type PaymentsService } from './payments';
import { createPaymentGateway, type PaymentGateway } from '../payments/gateway';
import { createReloadDocsService, type ReloadDocsService } from './reload-docs';
import { createReloadDocsLinks, type ReloadDocsLinks } from './reload-docs-link';
import { createRenewalOffersService, type RenewalOffersService } from './renewal-offers';
import { createVouchersService, type VouchersService } from './vouchers';
import { createWithdrawalsService, type WithdrawalsService } from './withdrawals';

/**
 * What every service is built from. `db` may be the database or an open transaction (a
 * drizzle transaction is a database too): services bound to a transaction run all their
 * queries in it, which is how one use case spans several services (`Services.transaction`).
 */
export type ServiceDeps = {
  db: ShopDb;
  config: Config;
  clock: Clock;
  logger: Logger;
  /**
   * Where identity documents are kept (encrypted). Transaction-bound services keep the same
   * store: files are not transactional, the cart service cleans up after a rollback itself.
   */
  documents: DocumentStore;
  /** Where the database can say so (PGlite): when catalogue writes commit. Never in a transaction. */
  catalogueChanges?: CatalogueChanges;
};

/**
 * The shop's use cases, built once per process (and once per transaction that needs them).
 * A service never constructs another: one that needs another's work gets it here.
 */
export function createServices(deps: ServiceDeps, shared: SharedState = sharedStateOf(deps.db, deps.config)): Services {
  const notifyMe = createNotifyMeService(deps);
  const coupons = createCouponsService(deps, { attempts: shared.couponAttempts });
  const vouchers = createVouchersService(deps, { attempts: shared.voucherAttempts });
  const catalogue = createCatalogueService(deps, { notifyMe });
  const addresses = createAddressesService(deps);
  const cart = createCartService(deps, { coupons, documents: deps.documents, vouchers, catalogue });
  return {
    catalogue,
    customers: createCustomersService(deps),
    addresses,
    notifyMe,
    mailOutbox: createMailOutboxService(deps),
    coupons,
    vouchers,
    cart,
    orders: createOrdersService(deps, { catalogue, reloadDocs: shared.reloadDocsLinks }),
    payments: createPaymentsService(deps, { gateway: shared.paymentGateway, reloadDocs: shared.reloadDocsLinks }),
    reloadDocs: createReloadDocsService(deps, { links: shared.reloadDocsLinks }),
    gifts: createGiftsService(deps, { attempts: shared.giftAttempts }),
    membershipActivation: createMembershipActivationService(deps),
    renewalOffers: createRenewalOffersService(deps, { cart }),
    memberships: createMembershipsService(deps, { catalogue, addresses }),
    documentRetention: createDocumentRetentionService(deps),
    withdrawals: createWithdrawalsService(deps, { gateway: shared.paymentGateway, reloadDocs: shared.reloadDocsLinks }),
    // A transaction's services see its uncommitted writes, which no notification announces.
    // They share the process's attempt counters, which stay on the database: a rollback keeps the count.
    transaction: (work) =>
      deps.db.transaction((tx) => work(createServices({ ...deps, db: tx, catalogueChanges: undefined }, shared))),
  };
}

/** What the services of one process share, also with those bound to a transaction. */
type SharedState = {
  couponAttempts: CodeAttemptLimiter;
  voucherAttempts: CodeAttemptLimiter;
  giftAttempts: CodeAttemptLimiter;
  paymentGateway: PaymentGateway;
  reloadDocsLinks: ReloadDocsLinks;
};

function sharedStateOf(db: ShopDb, config: Config): SharedState {
  return {
    couponAttempts: createCodeAttemptLimiter(db, 'coupon'),
    voucherAttempts: createCodeAttemptLimiter(db, 'voucher'),
    giftAttempts: createCodeAttemptLimiter(db, 'gift'),
    paymentGateway: createPaymentGateway(config.payments),
    reloadDocsLinks: createReloadDocsLinks(config),
  };
}

export type Services = {
  catalogue: CatalogueService;
  customers: CustomersService;
  addresses: AddressesService;
  notifyMe: NotifyMeService;
  mailOutbox: MailOutboxService;
  coupons: CouponsService;
  vouchers: VouchersService;
  cart: CartService;
  orders: OrdersService;
  payments: PaymentsService;
  gifts: GiftsService;
  membershipActivation: MembershipActivationService;
  /** Automatic renewals offered to their managers from the season's last month (issue 15). */
  renewalOffers: RenewalOffersService;
  /** Re-uploading a paid club card's identity documents through its link (issue 15). */
  reloadDocs: ReloadDocsService;
  /** My Membership: the fan's memberships by tab, one membership, its renewal preferences (issue 15). */
  memberships: MembershipsService;
  /** Identity documents deleted once past their retention (jobs/document-retention.ts) or on request (issue 33). */
  documentRetention: DocumentRetentionService;
  /** The right of withdrawal used: an order's items withdrawn, refunded through the PSP (issue 31). */
  withdrawals: WithdrawalsService;
  /**
   * Runs `work` with services bound to one transaction: everything it does commits together
   * or not at all (a nested transaction becomes a savepoint).
   */
  transaction<T>(work: (inTransaction: Services) => Promise<T>): Promise<T>;
};
