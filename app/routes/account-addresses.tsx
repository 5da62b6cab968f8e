import { useTranslation } from 'react-i18next';
import { data, Form, Link, redirect } from 'react-router';
import { AddressLines, RestrictedCountryAlert } from '../components/address/address-lines';
import { SubmitButton } from '../components/form/submit-button';
import { shopContext } from '../context';
import { ADDRESS_BOOK_PATH } from '../domain/address-chooser';
import type { AddressSummary } from '../domain/address-summary';
import { pageMeta } from '../domain/page-meta';
import { intentOf } from '../forms/intent';
import { requireCustomer } from '../.server/auth/guards';
import { describeAddresses } from '../.server/services/address-options';
import { describePage } from '../.server/seo';
import { getInstance, getLanguage } from '../middleware/i18next';
import addressStylesUrl from '../components/address/address.css?url';
import type { Route } from './+types/account-addresses';
import { readFormData } from '../.server/http/form-data';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: addressStylesUrl }];

/** What the last action did, shown once as a status (`?done=`). */
const DONE = ['saved', 'deleted', 'preferred'] as const;
type Done = (typeof DONE)[number];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(request, context);
  const { t } = getInstance(context);
  const saved = await context.get(shopContext).services.addresses.list(customer.id);
  const done = new URL(request.url).searchParams.get('done');
  return {
    seo: describePage(context, request, { title: t('addresses:metaTitle'), robots: 'noindex' }),
    addresses: await describeAddresses(saved, getLanguage(context)),
    done: (DONE as readonly string[]).includes(done ?? '') ? (done as Done) : null,
  };
}

/** `intent=delete` or `intent=prefer`, with `addressId`; an address that is not the fan's is a 404. */
export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = await requireCustomer(request, context);
  const { addresses } = context.get(shopContext).services;
  const formData = await readFormData(request);
  const addressId = String(formData.get('addressId') ?? '');
  const intent = intentOf(formData);
  let done: Done;
  if (intent === 'delete') {
    if (!(await addresses.delete(customer.id, addressId))) throw data(null, { status: 404 });
    done = 'deleted';
  } else if (intent === 'prefer') {
    if (!(await addresses.setPreferred(customer.id, addressId))) throw data(null, { status: 404 });
    done = 'preferred';
  } else {
    throw data(null, { status: 400 });
  }
  return redirect(`${ADDRESS_BOOK_PATH}?done=${done}`, 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AddressBook({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('addresses');
  const { addresses, done } = loaderData;
  return (
    <section className="address-page" aria-labelledby="addresses-heading">
      <h1 id="addresses-heading">{t('book.heading')}</h1>
      <div role="status">{done ? <p className="address-status">{t(`book.done.${done}`)}</p> : null}</div>
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
  const { t } = useTranslation('addresses');
  // Visible action words plus hidden context, so each control's name says which address it acts on.
  const which = <span className="visually-hidden">{`: ${address.name}, ${address.street}`}</span>;
  return (
    <li className="address-card" data-preferred={address.isPreferred || undefined}>
      {address.isPreferred ? <p className="address-preferred">{t('book.preferred')}</p> : null}
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
        {/* Deleting asks first: a mis-click only opens the question (works without JavaScript). */}
        <details>
          <summary className="button">
            {t('book.delete')}
            {which}
          </summary>
          <p>{t('book.deleteQuestion')}</p>
          <Form method="post">
            <input type="hidden" name="addressId" value={address.id} />
            <SubmitButton intent="delete" pendingFor={{ addressId: address.id }}>
              {t('book.deleteConfirm')}
              {which}
            </SubmitButton>
          </Form>
        </details>
      </div>
    </li>
  );
}
