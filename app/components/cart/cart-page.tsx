import type { SubmissionResult } from '@conform-to/react';
import { Form, Link } from 'react-router';
import { CART_PATH, CHECKOUT_PATH, onlyAddressesMissing, type CheckoutBlocker } from '../../domain/cart-summary';
import { MAX_VOUCHER_CODE_LENGTH, type VoucherRefusal } from '../../domain/voucher';
import { voucherSchema } from '../../forms/cart';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { ErrorSummary } from '../form/error-summary';
import { SubmitButton } from '../form/submit-button';
import { TextField } from '../form/text-field';
import { useShopForm } from '../form/use-shop-form';
import { Breadcrumb } from '../ui/breadcrumb';
import { TotalsList } from '../ui/totals-list';
import { CartLine, type CartLineData } from './cart-line';
import type { ItemAddressRefusal } from './item-shipping';
import { PurchaseSteps } from '../purchase-steps';
import { EmptyState } from '../ui/empty-state';

export type CartPageData = {
  lines: CartLineData[];
  voucher: { code: string; discount: string; refusal: VoucherRefusal | null } | null;
  totals: { subtotal: string; voucher: string | null; shipping: string; total: string };
  blockers: CheckoutBlocker[];
  canCheckout: boolean;
  /** The fan tried to go to checkout and was sent back (`?checkout=refused`): what blocks it is now an error. */
  attempted: boolean;
};

/** The cart page: the items, and the cart box with the voucher, the totals and checkout. */
export function CartPage({
  cart,
  voucherResult,
  addressRefusal,
}: {
  cart: CartPageData;
  voucherResult: SubmissionResult<string[]> | undefined;
  addressRefusal: ItemAddressRefusal | undefined;
}) {
  const { t } = useShopTranslation('cart');
  return (
    <div className="cart">
      <Breadcrumb current={t('breadcrumb')} />
      {cart.lines.length > 0 ? <PurchaseSteps current="cart" /> : null}
      <h1>{t('heading')}</h1>
      {cart.lines.length === 0 ? (
        <EmptyState title={t('empty')} text={t('emptyText')} action={{ href: '/products', label: t('continuePurchase') }} />
      ) : (
        <div className="cart__layout">
          <section aria-labelledby="cart-items-heading">
            <h2 id="cart-items-heading" className="visually-hidden">
              {t('itemsHeading')}
            </h2>
            <ul className="cart__items">
              {cart.lines.map((line) => (
                <CartLine key={line.id} line={line} cartPath={CART_PATH} attempted={cart.attempted} addressRefusal={addressRefusal ?? null} />
              ))}
            </ul>
          </section>
          <CartBox cart={cart} voucherResult={voucherResult} />
        </div>
      )}
    </div>
  );
}

function CartBox({ cart, voucherResult }: { cart: CartPageData; voucherResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useShopTranslation('cart');
  const { totals } = cart;
  return (
    <aside className="summary-box" aria-labelledby="cart-box-heading">
      <h2 id="cart-box-heading">{t('box.heading')}</h2>
      <TotalsList
        lines={cart.lines.map((line) => ({ id: line.id, label: line.name, price: line.price }))}
        totals={totals}
        words={{ subtotal: t('box.subtotal'), voucher: t('box.voucher', { code: cart.voucher?.code ?? '' }), shipping: t('box.shipping'), total: t('box.total') }}
      />
      <VoucherBox voucher={cart.voucher} lastResult={voucherResult} />
      <CheckoutAction canCheckout={cart.canCheckout} blockers={cart.blockers} attempted={cart.attempted} />
    </aside>
  );
}

function VoucherBox({ voucher, lastResult }: { voucher: CartPageData['voucher']; lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useShopTranslation(['cart', 'forms']);
  const { fields, formProps, summary } = useShopForm(voucherSchema, { id: 'voucher', lastResult, fieldOrder: ['voucherCode'] });
  if (voucher) {
    return (
      <div className="cart-box__voucher">
        <p>{t('voucher.applied', { code: voucher.code, discount: voucher.discount })}</p>
        {voucher.refusal ? <p className="cart-line__problem">{t(`errors.voucher.${voucher.refusal}`)}</p> : null}
        <Form method="post">
          <SubmitButton intent="removeVoucher" variant="secondary">
            {t('voucher.remove')}
            <span className="visually-hidden">{`: ${voucher.code}`}</span>
          </SubmitButton>
        </Form>
      </div>
    );
  }
  return (
    <div className="cart-box__voucher">
      <ErrorSummary key={summary.key} errors={summary.errors} labels={{ voucherCode: t('voucher.label') }} />
      <Form method="post" {...formProps} className="form">
        <TextField
          field={fields.voucherCode}
          label={t('voucher.label')}
          autoComplete="off"
          hint={t('voucher.hint', { max: MAX_VOUCHER_CODE_LENGTH })}
        />
        <SubmitButton intent="voucher" variant="secondary">
          {t('voucher.apply')}
        </SubmitButton>
      </Form>
    </div>
  );
}

/**
 * Checkout, or why not yet: a disabled button described by the reasons, which are visible text
 * (not a tooltip), so a screen reader reads them too. The server refuses /checkout anyway. A
 * cart that only misses addresses keeps the link (issue 30): what is missing is a hint until
 * the fan tries to go on, and /checkout then sends them back with the items' errors shown.
 */
function CheckoutAction({ canCheckout, blockers, attempted }: { canCheckout: boolean; blockers: CheckoutBlocker[]; attempted: boolean }) {
  const { t } = useShopTranslation('cart');
  const label = (
    <>
      <span className="cart-box__label-wide">{t('box.checkout')}</span>
      <span className="cart-box__label-narrow">{t('box.checkoutMobile')}</span>
    </>
  );
  if (canCheckout) {
    return (
      <Link to={CHECKOUT_PATH} className="button button--primary cart-box__checkout">
        {label}
      </Link>
    );
  }
  if (onlyAddressesMissing(blockers)) {
    return (
      <div className="cart-box__blocked">
        <Link to={CHECKOUT_PATH} className="button button--primary cart-box__checkout" aria-describedby="checkout-blockers">
          {label}
        </Link>
        <ul id="checkout-blockers" className={attempted ? 'cart-box__blockers cart-box__blockers--refused' : 'cart-box__blockers'}>
          {blockers.map((blocker) => (
            <li key={blocker}>{t(attempted ? `blockers.${blocker}` : 'blockers.addressesHint')}</li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <div className="cart-box__blocked">
      <button type="button" className="button button--primary cart-box__checkout" disabled aria-describedby="checkout-blockers">
        {label}
      </button>
      <ul id="checkout-blockers" className="cart-box__blockers">
        {blockers.map((blocker) => (
          <li key={blocker}>{t(`blockers.${blocker}`)}</li>
        ))}
      </ul>
    </div>
  );
}
