import type { ShopDb } from '../db/client';
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
  };
}

export type Services = ReturnType<typeof createServices>;
