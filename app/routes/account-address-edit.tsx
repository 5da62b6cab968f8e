import { useTranslation } from 'react-i18next';
import { data, redirect } from 'react-router';
import { AddressForm } from '../components/address/address-form';
import { shopContext } from '../context';
import { ADDRESS_BOOK_PATH } from '../domain/address-chooser';
import { pageMeta } from '../domain/page-meta';
import { addressFormView, submitAddressForm } from '../.server/address-form';
import { pathAfterSave, returnPathOf } from '../.server/address-pages';
import { requireCustomer } from '../.server/auth/guards';
import { formValuesOf } from '../.server/services/address-options';
import { describePage } from '../.server/seo';
import { getInstance, getLanguage } from '../middleware/i18next';
import addressStylesUrl from '../components/address/address.css?url';
import type { Route } from './+types/account-address-edit';
import { readFormData } from '../.server/http/form-data';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: addressStylesUrl }];

/** Someone else's address, an unknown or a malformed id: all the same 404. */
function notFound(): never {
  throw data({ reason: 'address-not-found' }, { status: 404 });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer } = await requireCustomer(request, context);
  const address = await context.get(shopContext).services.addresses.get(customer.id, params.addressId);
  if (!address) notFound();
  const { t } = getInstance(context);
  return {
    seo: describePage(context, request, { title: t('addresses:edit.metaTitle'), robots: 'noindex' }),
    cancelTo: returnPathOf(request) ?? ADDRESS_BOOK_PATH,
    form: await addressFormView(formValuesOf(address), getLanguage(context)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer } = await requireCustomer(request, context);
  const { addresses } = context.get(shopContext).services;
  if (!(await addresses.get(customer.id, params.addressId))) notFound();
  const submit = await submitAddressForm(await readFormData(request), getLanguage(context));
  if (submit.kind === 'answer') return data({ form: submit.form }, { status: submit.status });
  const saved = await addresses.update(customer.id, params.addressId, submit.input);
  if (!saved) notFound(); // deleted meanwhile (e.g. in another tab)
  return redirect(pathAfterSave(request, saved.id), 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation('addresses');
  return (
    <section className="address-page" aria-labelledby="address-heading">
      <h1 id="address-heading">{t('edit.heading')}</h1>
      <AddressForm view={actionData?.form ?? loaderData.form} submitLabel={t('edit.submit')} cancelTo={loaderData.cancelTo} />
    </section>
  );
}
