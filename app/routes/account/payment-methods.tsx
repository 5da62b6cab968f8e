import { data, Link } from 'react-router';
import { ConfirmDelete } from '../../components/form/confirm-delete';
import { brandName, type SavedCardView } from '../../components/payment/payment-method-field';
import { shopContext } from '../../context';
import { pageMeta } from '../../domain/page-meta';
import { intentOf } from '../../forms/intent';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { signedIn } from '../../.server/auth/guards';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import { getInstance } from '../../middleware/i18next';
import { savedCardsOf } from '../payment/saved-cards.server';
import type { Route } from './+types/payment-methods';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'account', 'checkout'] };

const PAGE_PATH = '/account/payment-methods';

/** The fan's saved cards (spec §3, issue 14), as the PSP keeps them: brand, last four, expiry, holder; each deletable. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, customer } = signedIn(context);
  const cards = await savedCardsOf(context, { customerId: customer.id, subject: user.subject });
  const { t } = getInstance(context);
  return { cards, seo: describePage(context, request, { title: t('payment:saved.metaTitle'), robots: 'noindex' }) };
}

/** POST `intent=delete`, `storedPaymentMethodId`: deleted at the PSP (someone else's or unknown: 404). */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, customer } = signedIn(context);
  const formData = await readFormData(request);
  const id = formData.get('storedPaymentMethodId');
  if (intentOf(formData) !== 'delete' || typeof id !== 'string' || id === '') throw data(null, { status: 400 });
  const deleted = await context.get(shopContext).services.payments.deleteStoredMethod({ customerId: customer.id, subject: user.subject }, id);
  if (!deleted.ok && deleted.reason === 'not-found') throw data(null, { status: 404 });
  return redirectWithNotice(request, context, PAGE_PATH, { key: deleted.ok ? 'payment:saved.deleted' : 'payment:notice.unavailable' });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function PaymentMethods({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('payment');
  return (
    <div className="account-page">
      <h1>{t('saved.heading')}</h1>
      <p>{t('saved.intro')}</p>
      {loaderData.cards.length === 0 ? <p>{t('saved.empty')}</p> : null}
      <ul className="saved-cards">
        {loaderData.cards.map((card) => (
          <SavedCard key={card.id} card={card} />
        ))}
      </ul>
      <p>
        <Link to="/account" className="button">
          {t('saved.back')}
        </Link>
      </p>
    </div>
  );
}

function SavedCard({ card }: { card: SavedCardView }) {
  const { t } = useShopTranslation('payment');
  const { t: tMethod } = useShopTranslation('paymentMethod');
  const values = { brand: brandName(card.brand), lastFour: card.lastFour, month: card.expiryMonth, year: card.expiryYear, holder: card.holderName };
  const words = card.holderName ? tMethod('savedHolder', values) : tMethod('saved', values);
  return (
    <li>
      <p>{words}</p>
      <ConfirmDelete
        fields={{ storedPaymentMethodId: card.id }}
        intent="delete"
        cancelTo={PAGE_PATH}
        which={<span className="visually-hidden">{`: ${words}`}</span>}
        texts={{ open: t('saved.delete'), question: t('saved.deleteQuestion'), confirm: t('saved.deleteConfirm'), cancel: t('saved.deleteCancel') }}
      />
    </li>
  );
}
