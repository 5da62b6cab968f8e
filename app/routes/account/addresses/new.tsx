import { useShopTranslation } from '../../../i18n/use-shop-translation';
import { data, Link } from 'react-router';
import { AddressForm } from '../../../components/address/address-form';
import { shopContext } from '../../../context';
import { ADDRESS_BOOK_PATH } from '../../../domain/address-chooser';
import { canAddAddress, MAX_ADDRESSES_PER_FAN } from '../../../domain/address-rules';
import { pageMeta } from '../../../domain/page-meta';
import { formatPhoneForDisplay } from '../../../domain/phone';
import { DEFAULT_ADDRESS_COUNTRY } from '../../../forms/address';
import { keepLoaderDataOnRefresh } from '../../../forms/refresh';
import { addressFormView, shownFor, submitAddressForm } from './address-form.server';
import { ADDRESS_SAVED_NOTICE, pathAfterSave, returnPathOf } from './return-path.server';
import { itemToShip, shipItemToNewAddress } from './ship-item.server';
import { redirectWithNotice } from '../../../.server/http/flash';
import { signedIn } from '../../../.server/auth/guards';
import { describePage } from '../../../.server/http/page-seo';
import { getInstance } from '../../../middleware/i18next';
import type { Route } from './+types/new';
import { readFormData } from '../../../.server/http/form-data';
import { Notice } from '../../../components/ui/notice';
import type { RouteHandle } from '../../../root';

export const handle: RouteHandle = { styles: ['components', 'ui', 'forms', 'address'] };

/**
 * A new address, filled in with what the profile knows (name and phone; it keeps no postal
 * address). `?redirect_uri=` returns there after saving; `?cartItem=` also ships that cart item
 * there (issue 30, ship-item.server.ts).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = signedIn(context);
  const { t } = getInstance(context);
  // A full address book: the page says so instead of offering a form the save would refuse.
  const full = !canAddAddress((await context.get(shopContext).services.addresses.list(customer.id)).length);
  const values = {
    firstName: customer.firstName,
    lastName: customer.lastName,
    phone: customer.phone ? formatPhoneForDisplay(customer.phone) : '',
    countryCode: DEFAULT_ADDRESS_COUNTRY,
  };
  return {
    seo: describePage(context, request, { title: t('addresses:new.metaTitle'), robots: 'noindex' }),
    cancelTo: returnPathOf(request) ?? ADDRESS_BOOK_PATH,
    full,
    form: await addressFormView(values, shownFor(context)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = signedIn(context);
  const { addresses } = context.get(shopContext).services;
  const submit = await submitAddressForm(await readFormData(request), shownFor(context), (draft) => addresses.save(customer.id, draft));
  if (submit.kind === 'answer') return data({ form: submit.form }, { status: submit.status });
  if (submit.kind === 'not-found') throw data(null, { status: 404 });
  const itemId = itemToShip(request);
  if (itemId !== null) return shipItemToNewAddress(request, context, itemId, submit.saved.id);
  return redirectWithNotice(request, context, pathAfterSave(request, submit.saved.id), ADDRESS_SAVED_NOTICE);
}

/** A refresh saves nothing: the loader's form and return path stay. */
export const shouldRevalidate = keepLoaderDataOnRefresh;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function NewAddress({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('addresses');
  return (
    <section className="address-page" aria-labelledby="address-heading">
      <h1 id="address-heading">{t('new.heading')}</h1>
      {loaderData.full ? (
        <>
          <Notice tone="warning">
            <p>{t('full.notice', { count: MAX_ADDRESSES_PER_FAN })}</p>
          </Notice>
          <p>
            <Link to={ADDRESS_BOOK_PATH}>{t('full.back')}</Link>
          </p>
        </>
      ) : (
        <AddressForm view={actionData?.form ?? loaderData.form} submitLabel={t('new.submit')} cancelTo={loaderData.cancelTo} />
      )}
    </section>
  );
}
