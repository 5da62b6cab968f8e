import { useShopTranslation } from '../../../i18n/use-shop-translation';
import { data } from 'react-router';
import { AddressForm } from '../../../components/address/address-form';
import { shopContext } from '../../../context';
import { ADDRESS_BOOK_PATH } from '../../../domain/address-chooser';
import { pageMeta } from '../../../domain/page-meta';
import { keepLoaderDataOnRefresh } from '../../../forms/refresh';
import { addressFormView, shownFor, submitAddressForm } from './address-form.server';
import { ADDRESS_SAVED_NOTICE, pathAfterSave, returnPathOf } from './return-path.server';
import { redirectWithNotice } from '../../../.server/http/flash';
import { signedIn } from '../../../.server/auth/guards';
import type { AddressDraft } from '../../../domain/address-check';
import { formValuesOf } from './address-view.server';
import { describePage } from '../../../.server/http/page-seo';
import { getInstance } from '../../../middleware/i18next';
import type { Route } from './+types/edit';
import { readFormData } from '../../../.server/http/form-data';
import type { RouteHandle } from '../../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'address'] };

/** Someone else's address, an unknown or a malformed id: all the same 404. */
function notFound(): never {
  throw data({ reason: 'address-not-found' }, { status: 404 });
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { customer } = signedIn(context);
  const address = await context.get(shopContext).services.addresses.get(customer.id, params.addressId);
  if (!address) notFound();
  const { t } = getInstance(context);
  return {
    seo: describePage(context, request, { title: t('addresses:edit.metaTitle'), robots: 'noindex' }),
    cancelTo: returnPathOf(request) ?? ADDRESS_BOOK_PATH,
    form: await addressFormView(formValuesOf(address), shownFor(context)),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { customer } = signedIn(context);
  const { addresses } = context.get(shopContext).services;
  if (!(await addresses.get(customer.id, params.addressId))) notFound();
  const save = (draft: AddressDraft) => addresses.save(customer.id, draft, params.addressId);
  const submit = await submitAddressForm(await readFormData(request), shownFor(context), save);
  if (submit.kind === 'answer') return data({ form: submit.form }, { status: submit.status });
  if (submit.kind === 'not-found') notFound(); // deleted meanwhile (e.g. in another tab)
  return redirectWithNotice(request, context, pathAfterSave(request, submit.saved.id), ADDRESS_SAVED_NOTICE);
}

/** A refresh saves nothing: the loader's form and return path stay. */
export const shouldRevalidate = keepLoaderDataOnRefresh;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function EditAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('addresses');
  return (
    <section className="address-page" aria-labelledby="address-heading">
      <h1 id="address-heading">{t('edit.heading')}</h1>
      <AddressForm view={actionData?.form ?? loaderData.form} submitLabel={t('edit.submit')} cancelTo={loaderData.cancelTo} />
    </section>
  );
}
