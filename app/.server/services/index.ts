import type { ShopDb } from '../db/client';
import { createMailOutboxService } from '../mail/outbox';
import { createAddressesService } from './addresses';
import { createCatalogueService } from './catalogue';
import { createCustomersService } from './customers';
import { createNotifyMeService } from './notify-me';

/** Everything a route may ask of the outside world, bound to one database. */
export function createServices(db: ShopDb) {
  return {
    catalogue: createCatalogueService(db),
    customers: createCustomersService(db),
    addresses: createAddressesService(db),
    notifyMe: createNotifyMeService(db),
    mailOutbox: createMailOutboxService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
