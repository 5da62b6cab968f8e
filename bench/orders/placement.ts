// `npm run bench`'s order placement figure, on one database per run: the orders use case
// (services.orders.place) called in this process, as a route action would call it, for fans
// whose zero-total carts were made beforehand. The run itself (database, warm-up, phases, JSON
// out) is in-process.ts's.
import { randomBytes } from 'node:crypto';
import { systemClock } from '../../app/.server/clock';
import { readConfig } from '../../app/.server/env';
import { createLogger } from '../../app/.server/logger';
import { createServices } from '../../app/.server/services';
import type { PlaceOrderRequest } from '../../app/.server/services/orders-contract';
import { createDatabaseDocumentStore } from '../../app/.server/uploads/database-document-store';
import { fansWithFreeCarts, placeRequestFor } from './carts';
import { runInProcessBench } from './in-process';

runInProcessBench<PlaceOrderRequest>({
  noun: 'orders',
  async prepare({ database }, count) {
    const services = createServices({
      db: database.db,
      catalogueChanges: database.catalogueChanges,
      config: readConfig({ LOG_LEVEL: 'silent', PUBLIC_URL: 'http://127.0.0.1' }),
      clock: systemClock,
      logger: createLogger('silent'),
      // Free carts hold no identity documents: nothing is ever written here.
      documents: createDatabaseDocumentStore({ db: database.db, key: randomBytes(32) }),
    });
    const fans = await fansWithFreeCarts(services, 0, count, systemClock.now());
    return {
      // Checkout's requests are made beforehand too: only the use case is timed.
      items: fans.map(placeRequestFor),
      async act(request) {
        const placed = await services.orders.place(request);
        if (!placed.ok || placed.value.status !== 'fulfilled') throw new Error(`bench: an order was not placed and fulfilled: ${JSON.stringify(placed)}`);
      },
    };
  },
});
