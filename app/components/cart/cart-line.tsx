import { Form, Link } from 'react-router';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { ConfirmDelete } from '../form/confirm-delete';
import { SubmitButton } from '../form/submit-button';
import { ItemShipping, type ItemAddressRefusal, type ItemShippingData } from './item-shipping';

/** One item as the page receives it (worded by routes/cart/cart.server.ts). */
export type CartLineData = ItemShippingData & {
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
  needsWaiver: boolean;
  waived: boolean;
  /** The page of the right of withdrawal the waiver gives up (worded by the server). */
  waiverTextLink: { href: string; label: string } | null;
};

/**
 * An item of the cart (spec §2 "Cart page"): picture, name, holder, tag, price and a details
 * toggle; its shipping address and withdrawal waiver where it needs them; Modify and Delete.
 * Every control's name says which item it acts on (visually hidden context).
 */
export function CartLine({
  line,
  cartPath,
  attempted,
  addressRefusal,
}: {
  line: CartLineData;
  cartPath: string;
  /** The fan tried to go to checkout: what is missing is now an error. */
  attempted: boolean;
  addressRefusal: ItemAddressRefusal | null;
}) {
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
        {line.needsShipping ? (
          <ItemShipping line={line} which={which} attempted={attempted} refusal={addressRefusal?.itemId === line.id ? addressRefusal : null} />
        ) : null}
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
        {/* Outside the label: following it never ticks the box. */}
        {line.waiverTextLink ? (
          <p className="form-field__text-link">
            <a href={line.waiverTextLink.href}>{line.waiverTextLink.label}</a>
          </p>
        ) : null}
      </div>
      <p className="cart-line__note">{line.waived ? t('waiver.given') : t('waiver.kept')}</p>
      <SubmitButton intent="waiver" pendingFor={{ itemId: line.id }} variant="secondary">
        {t('waiver.save')}
        {which}
      </SubmitButton>
    </Form>
  );
}
