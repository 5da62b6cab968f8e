import { useShopTranslation } from '../../../i18n/use-shop-translation';
import { data, Form, Link } from 'react-router';
import { AddressLines, RestrictedCountryAlert } from '../../../components/address/address-lines';
import { DeleteAddress } from '../../../components/address/delete-address';
import { SubmitButton } from '../../../components/form/submit-button';
import { shopContext } from '../../../context';
import { ADDRESS_BOOK_PATH } from '../../../domain/address-chooser';
import type { AddressSummary } from '../../../domain/address-summary';
import { pageMeta } from '../../../domain/page-meta';
import { intentOf } from '../../../forms/intent';
import { signedIn } from '../../../.server/auth/guards';
import { describeAddresses } from './address-view.server';
import { describePage } from '../../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../../middleware/i18next';
import type { Route } from './+types/list';
import { redirectWithNotice } from '../../../.server/http/flash';
import { readFormData } from '../../../.server/http/form-data';
import type { RouteHandle } from '../../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'address'] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = signedIn(context);
  const { t } = getInstance(context);
  const saved = await context.get(shopContext).services.addresses.list(customer.id);
  return {
    seo: describePage(context, request, { title: t('addresses:metaTitle'), robots: 'noindex' }),
    addresses: await describeAddresses(saved, getLanguage(context)),
  };
}

/** `intent=delete` or `intent=prefer`, with `addressId`; an address that is not the fan's is a 404. */
export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = signedIn(context);
  const { addresses } = context.get(shopContext).services;
  const formData = await readFormData(request);
  const addressId = String(formData.get('addressId') ?? '');
  const intent = intentOf(formData);
  let done: 'deleted' | 'preferred';
  if (intent === 'delete') {
    if (!(await addresses.delete(customer.id, addressId)).ok) throw data(null, { status: 404 });
    done = 'deleted';
  } else if (intent === 'prefer') {
    if (!(await addresses.setPreferred(customer.id, addressId)).ok) throw data(null, { status: 404 });
    done = 'preferred';
  } else {
    throw data(null, { status: 400 });
  }
  return redirectWithNotice(request, context, ADDRESS_BOOK_PATH, { key: `addresses:book.done.${done}` });
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AddressBook({ loaderData }: Route.ComponentProps) {
  const { t } = useShopTranslation('addresses');
  const { addresses } = loaderData;
  return (
    <section className="address-page" aria-labelledby="addresses-heading">
      <h1 id="addresses-heading">{t('book.heading')}</h1>
      <p>{t('book.intro')}</p>
      {addresses.length === 0 ? <p>{t('book.empty')}</p> : null}
      <p>
        <Link to={`${ADDRESS_BOOK_PATH}/new`} className="button button--primary">
          {t('book.add')}
        </Link>
      </p>
      {addresses.length > 0 ? (
        <ul className="address-list" aria-label={t('book.listLabel')}>
          {addresses.map((address) => (
            <AddressCard key={address.id} address={address} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function AddressCard({ address }: { address: AddressSummary }) {
  const { t } = useShopTranslation(['addresses', 'forms']);
  // Visible action words plus hidden context, so each control's name says which address it acts on.
  const which = <span className="visually-hidden">{`: ${address.name}, ${address.street}`}</span>;
  return (
    <li className="address-card" data-preferred={address.isPreferred || undefined}>
      {address.isPreferred ? <p className="address-preferred">{t('forms:address.preferred')}</p> : null}
      <AddressLines address={address} />
      {address.restricted ? <RestrictedCountryAlert /> : null}
      <div className="address-card__actions">
        <Link to={`${ADDRESS_BOOK_PATH}/${address.id}`} className="button">
          {t('book.edit')}
          {which}
        </Link>
        {address.isPreferred ? null : (
          <Form method="post">
            <input type="hidden" name="addressId" value={address.id} />
            <SubmitButton intent="prefer" pendingFor={{ addressId: address.id }} variant="secondary">
              {t('book.makePreferred')}
              {which}
            </SubmitButton>
          </Form>
        )}
        <DeleteAddress addressId={address.id} listPath={ADDRESS_BOOK_PATH} which={which} />
      </div>
    </li>
  );
}
