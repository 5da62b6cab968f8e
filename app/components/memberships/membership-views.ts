// What the My Membership pages get from their loaders, worded on the server.
import type { SubmissionResult } from '@conform-to/react';
import type { ManageAction, MembershipRole, MembershipStatus } from '../../domain/membership-manage';

/** A membership as the list and the pages' headings show it. */
export type MembershipCardView = {
  code: string;
  href: string;
  productName: string;
  status: MembershipStatus;
  season: string | null;
  roles: MembershipRole[];
  holderName: string | null;
  imageUrl: string | null;
  /** When a ready membership becomes active, as a date in the page's language; null otherwise. */
  activatesOn: string | null;
  /** When its buyer withdrew from it (it is then cancelled for good), as a date in the page's language; null otherwise. */
  withdrawnOn: string | null;
};

/** The holder's data as the page lists it (only ever built for holder and manager). */
export type HolderView = { name: string; dob: string | null; email: string | null; phone: string | null; taxCode: string | null };

/** The renewal page's answer to a refused post: which form it concerns (none: the page's own alert). */
export type ManageAnswer = {
  action: ManageAction | null;
  result: SubmissionResult<string[]>;
  /** A refusal or an unknown action (a translation key): said at the top of the page, with no field to fix. */
  problem: string | null;
};
