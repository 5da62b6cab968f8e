import type { ShopDb } from '../db/client';
import { createCatalogueService } from './catalogue';
import { createCustomersService } from './customers';

/** Everything a route may ask of the outside world, bound to one database. */
export function createServices(db: ShopDb) {
  return {
    catalogue: createCatalogueService(db),
    customers: createCustomersService(db),
  };
}

export type Services = ReturnType<typeof createServices>;
