// The cart service's use cases as the configure pages (and later a JSON API) call them: the
// requests and answers only. The service (cart.ts) checks everything itself.
import type { BuyFor } from '../../domain/buy-for';
import type { ConfigureDraft, ConfigureField, ConfigureProcess, DocumentType } from '../../domain/configure';
import type { DocumentFileField } from '../../domain/document-upload';
import type { Gift } from '../../domain/gift';
import type { HolderDraft } from '../../domain/holder-draft';
import type { CartProcess } from '../../domain/membership-follow-up';
import type { ProfilePart } from '../../domain/profile-completeness';
import type { Result } from '../../domain/result';
import type { customers } from '../db/schema';
import type { UploadedDocument } from '../http/multipart';

/**
 * The signed-in fan: every record is looked up as theirs (else 'not-found'). `customer`: the row
 * the sign-in read for this request, if the caller has it; the service then checks it against
 * the id and subject instead of reading it again (cart-items.findOwner).
 */
export type CartOwner = { customerId: string; subject: string; customer?: OwnerRow };

/** The customer row as the session store reads it (db/schema customers). */
type OwnerRow = typeof customers.$inferSelect;

export type ConfigureItemRequest = {
  owner: CartOwner;
  productId: string;
  process: ConfigureProcess;
  /** The item being edited (`?cartItem=`), or null for a new one. */
  cartItemId: string | null;
  draft: ConfigureDraft;
  /**
   * A new item's form submission (domain/submission-key.ts): the same key again answers the
   * item it made instead of adding another. Ignored when editing; null: not given.
   */
  submissionKey: string | null;
  /** The files sent with a card's form; an edited card item keeps its stored ones unless replaced. */
  documents: Partial<Record<DocumentFileField, UploadedDocument>>;
  /** Who is trying a coupon code, for the attempt limits. */
  attempt: { ip: string };
};

/** Field problems of a configuration: the form's fields and the two file inputs. */
export type ConfigureProblemField = ConfigureField | DocumentFileField;

/**
 * - `not-found`: no such product, a process the product does not allow, or a `cartItemId` that
 *   is not this fan's item for this product.
 * - `profile-incomplete`: the fan's profile lacks what a purchase needs (`missing`).
 * - `invalid`: field problems (reason codes, see domain/configure.ts; documentFront `required`;
 *   couponCode also `unknown` | `expired` | `used` | `other-product`; variantId `soldOut`;
 *   birthProvinceCode/birthCityCode `notInList`; cart rules on `product`:
 *   `cartFull` (a new item over MAX_CART_ITEMS) | `membershipOfKindInCart` | `cardForHolderInCart` |
 *   `documentsMissing`).
 * - `too-many-attempts`: coupon attempts over the limit (`retryAfterSeconds`).
 */
export type ConfigureItemResult =
  | Result<{ itemId: string }, 'not-found' | 'invalid', ConfigureProblemField | 'product'>
  | { ok: false; reason: 'profile-incomplete'; fields: Record<string, never>; missing: ProfilePart[] }
  | { ok: false; reason: 'too-many-attempts'; fields: { couponCode: 'too-many-attempts' }; retryAfterSeconds: number };

/** A stored document as the fan may see it: its name and type, never its bytes or storage id. */
export type CartItemDocument = { side: 'FRONT' | 'BACK'; fileName: string; fileType: string; size: number };

/** An item as the cart and the configure pages show it. */
export type CartItemView = {
  id: string;
  productId: string;
  process: CartProcess;
  /** The membership an upgrade replaces or a renewal continues (its code names it); null for the other processes. */
  previousMembership: { id: string; code: string; season: string | null } | null;
  /** An upgrade's credit, taken off the product's price; 0 otherwise. */
  creditCents: number;
  buyFor: BuyFor | null;
  /** The typed holder (on behalf); null for myself and for a gift. */
  holder: HolderDraft | null;
  couponCode: string | null;
  automaticRenewal: boolean;
  variantId: string | null;
  customization: string | null;
  documentType: DocumentType | null;
  documents: CartItemDocument[];
  gift: Gift | null;
  /** The price snapshot taken when the item was added or last saved (0 with a coupon). */
  unitPriceCents: number;
  createdAt: Date;
};

/** The draft an edit form opens with (`?cartItem=`), rebuilt from the stored item. */
export type ConfigureDraftOf = (item: CartItemView) => ConfigureDraft;
