// The orders use cases (issue 13) as checkout, the thank-you page, the account pages, jobs and
// the payment webhook (issue 14) call them: requests and answers only (orders.ts does the work).
import type { BillingAddress, BuyerSnapshot } from '../../domain/billing';
import type { CheckoutBlocker } from '../../domain/cart-summary';
import type { Language, LocalizedText } from '../../domain/catalogue-types';
import type { AcceptedTerm, TermName } from '../../domain/checkout-terms';
import type { CartProcess, FollowUpProcess } from '../../domain/membership-follow-up';
import type { OrderStatus } from '../../domain/order-status';
import type { NoticeKind, ReversalReason } from '../../domain/payment-ledger';
import type { ProfilePart } from '../../domain/profile-completeness';
import type { Result } from '../../domain/result';
import type { PostalAddress } from '../../domain/shipping';
import type { VatInvoicing } from '../../domain/vat-invoicing';
import type { WithdrawalChoice } from '../../domain/withdrawal';
import type { CartOwner } from './cart-contract';
import type { WithdrawalState } from './withdrawals-contract';

export type PlaceOrderRequest = {
  owner: CartOwner;
  /** The checkout page's key for this attempt: sent twice, it answers the order it made. */
  checkoutKey: string;
  language: Language;
  /** One of the fan's saved addresses; required when the order costs something. */
  billingAddressId: string | null;
  invoicing: VatInvoicing;
  /** The names of the terms boxes the fan ticked. */
  acceptedTerms: ReadonlySet<string>;
  /** The total the page showed: the order is placed only for that amount (null: not checked). */
  expectedTotalCents: number | null;
};

/** The fields checkout's answers may point at. */
export type CheckoutField = 'billingAddressId' | 'vatCountry' | 'vatNumber' | 'receiverCode' | 'emailPec' | 'voucherCode' | TermName;

export type PlacedOrder = { orderId: string; number: number; status: OrderStatus; totalCents: number };

/**
 * - `not-found`: no such fan (the session's customer is gone);
 * - `profile-incomplete`: buying needs these profile parts first;
 * - `cart-not-ready`: the cart is empty or blocked (the cart page says why);
 * - `total-changed`: prices, the voucher or shipping changed since the page was shown: show it again;
 * - `invalid`: per field (billing address, invoicing, terms, a voucher used up meanwhile);
 * - `sold-out`: an item's stock ran out meanwhile (nothing was reserved).
 */
export type PlaceOrderResult =
  | Result<PlacedOrder, 'not-found' | 'total-changed' | 'invalid' | 'sold-out', CheckoutField>
  | { ok: false; reason: 'profile-incomplete'; fields: Record<string, never>; missing: ProfilePart[] }
  | { ok: false; reason: 'cart-not-ready'; fields: Record<string, never>; blockers: CheckoutBlocker[] };

export type OrderLineView = {
  id: string;
  productId: string;
  /** The product's card art (its season's), or null should the product be gone from the catalogue. */
  imageUrl: string | null;
  name: LocalizedText;
  kind: 'membership' | 'card' | 'other';
  process: CartProcess;
  holder: { firstName: string; lastName: string } | null;
  unitPriceCents: number;
  shippingAddress: PostalAddress | null;
  /** The membership issued for it (after fulfilment). */
  membershipCode: string | null;
  /** The membership an upgrade or renewal line follows; null for the other processes. */
  follows: { process: FollowUpProcess; membershipCode: string } | null;
  /**
   * The buyer's withdrawal choice for a line that asked it (domain/withdrawal.ts
   * `withdrawalChoiceOf`): waived or kept, and once paid when the membership becomes active;
   * null for a line that asked nothing (a gift, the card).
   */
  withdrawal: WithdrawalChoice | null;
  /** The line may be withdrawn now (issue 31), until `until` (exclusive); null when it may not. */
  withdrawable: { until: Date } | null;
  /** The line's withdrawal, once asked: where its money stands, what comes back, a coupon given back. */
  withdrawn: { state: WithdrawalState; at: Date; refundCents: number; couponCode: string | null } | null;
};

export type OrderView = {
  id: string;
  number: number;
  status: OrderStatus;
  language: Language;
  placedAt: Date;
  payBy: Date;
  paidAt: Date | null;
  lines: OrderLineView[];
  subtotalCents: number;
  voucherCode: string | null;
  voucherDiscountCents: number;
  shippingCents: number;
  totalCents: number;
  buyer: BuyerSnapshot;
  billingAddress: BillingAddress | null;
  invoicing: VatInvoicing | null;
  acceptedTerms: AcceptedTerm[];
  /** The payment history (issue 29), oldest first: what happened to the order's payments. */
  history: OrderHistoryLine[];
  /** What withdrawals gave back (issue 31): confirmed by the PSP, and still on its way (asked, or being handled by support). */
  refunds: { refundedCents: number; pendingCents: number };
  /**
   * Why items that could otherwise be withdrawn now cannot be withdrawn through the shop: the
   * order's payment was disputed, or cancelled or refunded outside it. Null otherwise.
   */
  withdrawalBlockedBy: 'payment-disputed' | 'payment-returned' | null;
};

/** One line of an order's payment history (domain NoticeKind), with what it shows. */
export type OrderHistoryLine = { key: string; kind: NoticeKind; at: Date; amountCents: number | null; reason: ReversalReason | null };

export type OrderSummary = Pick<OrderView, 'id' | 'number' | 'status' | 'placedAt' | 'totalCents'> & { itemCount: number };
