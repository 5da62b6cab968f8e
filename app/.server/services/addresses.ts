import type { ShopDb } from '../db/client';

/** Placeholder: built by the address book work. */
export function createAddressesService(db: ShopDb) {
  void db;
  return {};
}
