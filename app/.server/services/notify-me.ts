import type { ShopDb } from '../db/client';

/** Placeholder: built by the notify-me work. */
export function createNotifyMeService(db: ShopDb) {
  void db;
  return {};
}
