import { useRef } from 'react';
import { Link, useFetcher } from 'react-router';
import type { AddressSummary } from '../../domain/address-summary';
import { CART_PATH } from '../../domain/cart-summary';
import type { ShippingRestriction } from '../../domain/shipping';
import { INTENT_FIELD } from '../../forms/intent';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { AddressLines } from '../address/address-lines';
import { ErrorSummary } from '../form/error-summary';
import { useSettledCall } from '../form/use-settled-call';

/** How long the address select must rest on one option, moved by keyboard, before it is sent. */
const ADDRESS_CHOICE_SETTLE_MS = 1000;

/** A refused choice (routes/cart/item-address-submit.server.ts): the message key, and whether the product's country rule refused it. */
export type ItemAddressRefusal = { itemId: string; message: string; refusedByProduct: boolean };

/** What an item that ships shows of its address, worded by routes/cart/item-shipping.server.ts. */
export type ItemShippingData = {
  id: string;
  shipping: { temporary: boolean; summary: AddressSummary } | null;
  shippingRestriction: ShippingRestriction | null;
  /** Why it cannot go there, worded by the server (the address pages' namespace, not loaded here). */
  shippingRestrictionText: string | null;
  shippingChoice: {
    /** The fan's saved addresses; those the item cannot go to disabled, the reason in their label. */
    options: { id: string; label: string; disabled: boolean }[];
    chosenId: string | null;
    /** The product to buy instead, where the product's own country rule refuses an address. */
    alternative: { href: string; label: string } | null;
    newAddressHref: string;
  } | null;
  temporaryHref: string;
};

/**
 * An item's shipping address on the cart page (issue 30): where it goes, the saved addresses to
 * switch to in one POST (`intent=address`; with JavaScript sent as soon as one is picked, by a
 * fetcher), a new address that comes back to the cart shipping this item, or an address for this
 * item only. A missing address is a hint until the fan has tried to go to checkout (`attempted`).
 */
export function ItemShipping({
  line,
  which,
  attempted,
  refusal,
}: {
  line: ItemShippingData;
  which: React.ReactNode;
  attempted: boolean;
  /** The page's own answer (a POST without JavaScript), when it was about this item. */
  refusal: ItemAddressRefusal | null;
}) {
  const { t } = useShopTranslation('cart');
  const fetcher = useFetcher<{ addressRefusal?: ItemAddressRefusal }>({ key: `address-${line.id}` });
  const { shipping, shippingRestriction, shippingChoice: choice } = line;
  // The fetcher's answer is the newer one once it has sent anything.
  const refused = fetcher.data ? (fetcher.data.addressRefusal ?? null) : refusal;
  const selectId = `ship-to-${line.id}`;
  const errorId = `${selectId}-error`;
  const pending = fetcher.state !== 'idle';
  const settled = useSettledCall(ADDRESS_CHOICE_SETTLE_MS);
  const keyboardChange = useRef(false);
  const alternativeLink = choice?.alternative ? <Link to={choice.alternative.href}>{choice.alternative.label}</Link> : null;
  return (
    <section className="cart-line__shipping" aria-labelledby={`shipping-${line.id}`}>
      <h4 id={`shipping-${line.id}`}>{t('shipping.heading')}</h4>
      {shipping ? (
        <>
          {shipping.temporary ? <p className="cart-line__note">{t('shipping.temporary')}</p> : null}
          <AddressLines address={shipping.summary} />
          {shippingRestriction ? (
            <p className="cart-line__problem">
              {line.shippingRestrictionText}
              {shippingRestriction === 'notAvailableForProduct' && alternativeLink ? <> {alternativeLink}</> : null}
            </p>
          ) : null}
        </>
      ) : (
        <p className={attempted ? 'cart-line__problem' : 'cart-line__note'}>{t(attempted ? 'shipping.missing' : 'shipping.missingHint')}</p>
      )}
      {choice && choice.options.length > 0 ? (
        <fetcher.Form method="post" action={CART_PATH} className="cart-line__ship-to">
          {refused ? (
            <ErrorSummary errors={[{ name: 'addressId', fieldId: selectId, message: refused.message }]} labels={{ addressId: t('shipping.shipTo') }} />
          ) : null}
          <input type="hidden" name={INTENT_FIELD} value="address" />
          <input type="hidden" name="itemId" value={line.id} />
          <div className="form-field" data-invalid={refused ? true : undefined}>
            <label htmlFor={selectId} className="form-field__label">
              {t('shipping.shipTo')}
              {which}
            </label>
            {refused ? (
              <p id={errorId} className="form-field__error">
                {t(refused.message)}
                {refused.refusedByProduct && alternativeLink ? <> {alternativeLink}</> : null}
              </p>
            ) : null}
            <select
              id={selectId}
              name="addressId"
              defaultValue={choice.chosenId ?? ''}
              aria-invalid={refused ? true : undefined}
              aria-describedby={refused ? errorId : undefined}
              className="form-field__input form-field__select"
              // With JavaScript a choice is sent as it is made; one made by keyboard once the select
              // rests on it, the fan presses Enter or leaves it (the arrows change it at every step).
              // Without, "Ship here" sends it.
              onKeyDown={(event) => {
                keyboardChange.current = true;
                if (event.key === 'Enter') settled.flush();
              }}
              onKeyUp={() => (keyboardChange.current = false)}
              onChange={(event) => {
                const form = event.currentTarget.form;
                if (event.currentTarget.value === '') return;
                if (keyboardChange.current) settled.schedule(() => form?.requestSubmit());
                else form?.requestSubmit();
              }}
              onBlur={settled.flush}
            >
              {choice.chosenId === null ? <option value="">{t(shipping ? 'shipping.keepCurrent' : 'shipping.chooseOption')}</option> : null}
              {choice.options.map((option) => (
                <option key={option.id} value={option.id} disabled={option.disabled}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button" aria-disabled={pending || undefined} aria-busy={pending || undefined}>
            {pending ? t('common:pending') : t('shipping.shipHere')}
            {pending ? null : which}
          </button>
        </fetcher.Form>
      ) : null}
      {choice?.alternative && !shippingRestriction && !refused?.refusedByProduct ? <p className="cart-line__note">{alternativeLink}</p> : null}
      <p className="cart-line__links">
        {choice ? (
          <Link to={choice.newAddressHref}>
            {t('shipping.addNew')}
            {which}
          </Link>
        ) : null}
        <Link to={line.temporaryHref}>
          {t('shipping.forThisItemOnly')}
          {which}
        </Link>
      </p>
    </section>
  );
}
