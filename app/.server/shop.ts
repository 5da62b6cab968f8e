import { createAuthRuntime } from './auth/runtime';
import { systemClock, type Clock } from './clock';
import type { AuthRuntime } from './auth/context';
import { trackAvailability, type DatabaseAvailability } from './db/availability';
import { openDatabase, type Database } from './db/client';
import { seedIfEmpty } from './db/seed';
import { seedTestCoupons } from './db/seed/coupons';
import { seedTestVouchers } from './db/seed/vouchers';
import type { Config } from './env';
import { createLogger, type Logger } from './logger';
import { readConfigWithSecret } from './secrets';
import { startMembershipActivation } from './jobs/membership-activation';
import { startRenewalOffers } from './jobs/renewal-offers';
import { startOrderExpiry } from './jobs/order-expiry';
import { startPaymentsJob } from './jobs/payments';
import { startDocumentRetention } from './jobs/document-retention';
import { startMailBackground } from './mail/background';
import { createPaymentSimulator, type PaymentSimulator } from './payments/simulator';
import { PAYMENT_WEBHOOK_PATH } from './payments/webhook-endpoint';
import { createServices, type Services } from './services';
import { createDatabaseDocumentStore } from './uploads/database-document-store';
import type { DocumentStore } from './uploads/document-store';
import { importDocumentFiles } from './uploads/import-files';

export type Shop = {
  config: Config;
  clock: Clock;
  logger: Logger;
  database: Database;
  /** Whether the database answers; pages answer 503 while it does not. */
  availability: DatabaseAvailability;
  services: Services;
  /** The identity documents, in the database (any instance reads what another stored). */
  documents: DocumentStore;
  /** Sessions, shop login and the embedded sign-in service (unless OIDC_ISSUER is set). */
  auth: AuthRuntime;
  /** The Adyen-compatible simulator when no Adyen account is configured (server.ts mounts its router). */
  paymentSimulator: PaymentSimulator | null;
  close(): Promise<void>;
};

/**
 * Starts what the shop stands on: configuration (fails fast), database (migrated and, on
 * first start, seeded) and services. No HTTP here; server.ts puts it behind Express.
 */
export async function startShop(
  env: Record<string, string | undefined> = process.env,
  clock: Clock = systemClock,
): Promise<Shop> {
  const config = await readConfigWithSecret(env);
  const logger = createLogger(config.logLevel);
  // readConfigWithSecret always gives the key (UPLOADS_KEY, or the offline one under DATA_DIR).
  if (!config.uploads.key) throw new Error('startShop: the configuration has no uploads key');
  // The probe pings through `database`, assigned just below: the circuit opens only once serving.
  const availability = trackAvailability(() => database.ping(), logger);
  const database = openDatabase(config.database, { onConnectionLost: (error) => availability.report(error) });
  let auth: AuthRuntime & { stop(): void };
  try {
    await database.migrate();
    if (await seedIfEmpty(database.db)) logger.info('seeded the catalogue into an empty database');
    // Documents kept as files before issue 33 move into the database (nothing to do once they have).
    const moved = await importDocumentFiles(database.db, config.uploads.directory);
    if (moved.imported + moved.orphansDeleted + moved.orphansKept > 0) {
      logger.info({ ...moved, directory: config.uploads.directory }, 'moved identity documents from files into the database; deleted the files no row named');
    }
    // The documented test coupons and vouchers are public: never in production.
    if (!config.production) {
      await seedTestCoupons(database.db);
      await seedTestVouchers(database.db);
    }
    auth = await createAuthRuntime(database.db, config, logger, clock);
  } catch (error) {
    availability.stop();
    await database.close().catch(() => undefined);
    throw error;
  }
  logger.info({ database: database.kind }, 'database ready');
  // Which PSP answers, in the start's log (docs/operations.md, "The payment simulator: never in
  // production"): a production shop on the simulator (PAYMENT_SIMULATOR=on) takes no real money.
  if (!config.payments.simulated) logger.info({ environment: config.payments.environment }, 'payments: Adyen');
  else if (config.production) logger.warn('payments: the built-in simulator answers (PAYMENT_SIMULATOR=on): no real money moves');
  else logger.info('payments: the built-in simulator answers');
  const documents = createDatabaseDocumentStore({ db: database.db, key: config.uploads.key, previousKeys: config.uploads.previousKeys });
  const services = createServices({ db: database.db, catalogueChanges: database.catalogueChanges, config, clock, logger, documents });
  // Mail delivery (SMTP or outbox) and the notify-me sweep; stopped before the database closes.
  const mail = startMailBackground({ database, config, clock, logger, notifyMe: services.notifyMe });
  // Unpaid orders past their payment window give their stock back; stopped before the database closes too.
  const orderExpiry = startOrderExpiry({ orders: services.orders, logger });
  // Memberships whose season has started become active; stopped before the database closes too.
  const membershipActivation = startMembershipActivation({ activation: services.membershipActivation, logger });
  // Automatic renewals offered (in the cart, and by mail) from their season's last month; stopped too.
  const renewalOffers = startRenewalOffers({ offers: services.renewalOffers, logger });
  // Webhook items left unprocessed, payments whose outcome is unknown, cancels to retry.
  const paymentsJob = startPaymentsJob({ payments: services.payments, logger });
  // Identity documents past their retention (DOCUMENT_RETENTION_DAYS) are deleted; stopped too.
  const documentRetention = startDocumentRetention({ retention: services.documentRetention, logger });
  // Its webhooks are delivered in the background; stopped before the database closes.
  const paymentSimulator = config.payments.simulated
    ? createPaymentSimulator({
        config: config.payments,
        db: database.db,
        clock,
        logger,
        publicUrl: config.publicUrl,
        webhookUrl: `${config.publicUrl}${PAYMENT_WEBHOOK_PATH}`,
      })
    : null;
  return {
    config,
    clock,
    logger,
    database,
    availability,
    services,
    documents,
    auth,
    paymentSimulator,
    close: async () => {
      availability.stop();
      auth.stop();
      await paymentSimulator?.stop();
      await orderExpiry.stop();
      await membershipActivation.stop();
      await renewalOffers.stop();
      await paymentsJob.stop();
      await documentRetention.stop();
      await mail.stop();
      await database.close();
    },
  };
}
