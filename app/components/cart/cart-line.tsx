import { Form, Link } from 'react-router';
import type { AddressSummary } from '../../domain/address-summary';
import type { ShippingRestriction } from '../../domain/shipping';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { AddressLines } from '../address/address-lines';
import { ConfirmDelete } from '../form/confirm-delete';
import { SubmitButton } from '../form/submit-button';

/** One item as the page receives it (worded by routes/cart/cart.server.ts). */
export type CartLineData = {
  id: string;
  name: string;
  imageUrl: string;
  tagLabel: string;
  holder: string;
  price: string;
  priceBefore: string | null;
  soldOut: boolean;
  /** Why an upgrade or renewal can no longer be bought, worded by the server. */
  followUpRefusal: string | null;
  details: { label: string; value: string }[];
  modifyHref: string;
  needsShipping: boolean;
  shipping: { temporary: boolean; summary: AddressSummary } | null;
  shippingRestriction: ShippingRestriction | null;
  /** Why it cannot go there, worded by the server (the address pages' namespace, not loaded here). */
  shippingRestrictionText: string | null;
  alternativeHref: string | null;
  addressHref: string;
  needsWaiver: boolean;
  waived: boolean;
};

/**
 * An item of the cart (spec §2 "Cart page"): picture, name, holder, tag, price and a details
 * toggle; its shipping address and withdrawal waiver where it needs them; Modify and Delete.
 * Every control's name says which item it acts on (visually hidden context).
 */
export function CartLine({ line, cartPath }: { line: CartLineData; cartPath: string }) {
  const { t } = useShopTranslation('cart');
  const which = <span className="visually-hidden">{t('item.which', { name: line.name, holder: line.holder })}</span>;
  return (
    <li className="cart-line" aria-labelledby={`item-${line.id}`}>
      <img className="cart-line__image" src={line.imageUrl} alt="" width={96} height={60} />
      <div className="cart-line__body">
        <h3 id={`item-${line.id}`} className="cart-line__name">
          {line.name}
        </h3>
        <p className="cart-line__tag">{line.tagLabel}</p>
        <p>{line.holder}</p>
        <p className="cart-line__price">{line.price}</p>
        {line.priceBefore ? <p className="cart-line__note">{t('item.priceChanged', { before: line.priceBefore, now: line.price })}</p> : null}
        {line.soldOut ? <p className="cart-line__problem">{t('item.soldOut')}</p> : null}
        {line.followUpRefusal ? <p className="cart-line__problem">{line.followUpRefusal}</p> : null}
        {line.details.length > 0 ? (
          <details className="cart-line__details">
            <summary>
              {t('item.details')}
              {which}
            </summary>
            <dl>
              {line.details.map((detail) => (
                <div key={detail.label}>
                  <dt>{detail.label}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          </details>
        ) : null}
        {line.needsShipping ? <ShippingBlock line={line} which={which} /> : null}
        {line.needsWaiver ? <WaiverForm line={line} which={which} /> : null}
        <div className="cart-line__actions">
          <Link to={line.modifyHref} className="button">
            {t('item.modify')}
            {which}
          </Link>
          <ConfirmDelete
            fields={{ itemId: line.id }}
            intent="remove"
            cancelTo={cartPath}
            which={which}
            texts={{ open: t('item.remove'), question: t('item.removeQuestion'), confirm: t('item.removeConfirm'), cancel: t('item.removeCancel') }}
          />
        </div>
      </div>
    </li>
  );
}

function ShippingBlock({ line, which }: { line: CartLineData; which: React.ReactNode }) {
  const { t } = useShopTranslation('cart');
  const { shipping, shippingRestriction } = line;
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
              {line.alternativeHref && shippingRestriction === 'notAvailableForProduct' ? (
                <>
                  {' '}
                  <Link to={line.alternativeHref}>{t('shipping.alternative')}</Link>
                </>
              ) : null}
            </p>
          ) : null}
          <Link to={line.addressHref} className="button">
            {t('shipping.change')}
            {which}
          </Link>
        </>
      ) : (
        <>
          <p className="cart-line__problem">{t('shipping.missing')}</p>
          <Link to={line.addressHref} className="button button--primary">
            {t('shipping.choose')}
            {which}
          </Link>
        </>
      )}
    </section>
  );
}

/** The fan's express request to start the service within the withdrawal period (domain/withdrawal.ts). */
function WaiverForm({ line, which }: { line: CartLineData; which: React.ReactNode }) {
  const { t } = useShopTranslation('cart');
  const checkboxId = `waiver-${line.id}`;
  return (
    <Form method="post" className="cart-line__waiver">
      <input type="hidden" name="itemId" value={line.id} />
      <div className="form-field form-field--checkbox">
        <input id={checkboxId} type="checkbox" name="waiver" value="on" defaultChecked={line.waived} className="form-field__checkbox" />
        <label htmlFor={checkboxId}>
          {t('waiver.label')}
          {which}
        </label>
      </div>
      <p className="cart-line__note">{line.waived ? t('waiver.given') : t('waiver.kept')}</p>
      <SubmitButton intent="waiver" pendingFor={{ itemId: line.id }} variant="secondary">
        {t('waiver.save')}
        {which}
      </SubmitButton>
    </Form>
  );
}
