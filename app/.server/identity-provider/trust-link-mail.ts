import type { Language } from '../../domain/catalogue-types';
import type { ShopDb } from '../db/client';
import { composeTrustLinkMail } from '../mail/trust-link';
import { queueMail } from '../services/payment-notes';
import type { Account } from './accounts';
import { TRUST_LINK_MINUTES, type TrustLinks } from './trust-link';

/**
 * Queues the mail with the link that trusts a browser for `account`, to the account's address.
 * The link's expiry is in the dedupe key: links made within the same ten minutes are one link,
 * so a fan (or an attacker who has the password) trying again and again queues one mail.
 */
export async function queueTrustLinkMail(
  db: ShopDb,
  { account, language, links, supportUrl, now }: { account: Account; language: Language; links: TrustLinks; supportUrl: string; now: Date },
): Promise<void> {
  const link = links.linkOf(account.id, now);
  const mail = composeTrustLinkMail({ language, firstName: account.givenName, link: links.urlOf(account.id, now), minutes: TRUST_LINK_MINUTES, supportUrl });
  await queueMail(db, { dedupeKey: `trust-browser:${account.id}:${link.exp}`, kind: 'trust-browser', to: account.email, language, mail });
}
