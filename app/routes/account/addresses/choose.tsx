import { useShopTranslation } from '../../../i18n/use-shop-translation';
import { data, Form, Link, redirect } from 'react-router';
import { AddressChoices } from '../../../components/address/address-choices';
import { ErrorSummary } from '../../../components/form/error-summary';
import { SubmitButton } from '../../../components/form/submit-button';
import { useShopForm } from '../../../components/form/use-shop-form';
import { shopContext } from '../../../context';
import {
  ADDRESS_BOOK_PATH,
  ADDRESS_ID_PARAM,
  ADDRESS_TYPE_PARAM,
  canChooseFor,
  initialChoice,
  parseAddressType,
  parseReturnPath,
  REDIRECT_URI_PARAM,
  withAddressId,
} from '../../../domain/address-chooser';
import { pageMeta } from '../../../domain/page-meta';
import { chooseAddressSchema } from '../../../forms/address';
import { parseForm } from '../../../forms/parse';
import { signedIn } from '../../../.server/auth/guards';
import { describeAddresses } from './address-view.server';
import { describePage } from '../../../.server/http/page-seo';
import { getInstance, getLanguage } from '../../../middleware/i18next';
import type { Route } from './+types/choose';
import { readFormData } from '../../../.server/http/form-data';
import type { RouteHandle } from '../../../root';

export const handle: RouteHandle = { styles: ['components', 'forms', 'address'] };

/**
 * `?address_type=shipping|billing&redirect_uri=/path`: both are required (400 otherwise), as
 * the chooser only exists to answer a caller; the redirect must be a same-origin path.
 */
function chooserRequest(request: Request) {
  const params = new URL(request.url).searchParams;
  const addressType = parseAddressType(params.get(ADDRESS_TYPE_PARAM));
  const returnPath = parseReturnPath(params.get(REDIRECT_URI_PARAM));
  if (!addressType || !returnPath) throw data({ reason: 'bad-chooser-request' }, { status: 400 });
  return { addressType, returnPath, requestedId: params.get(ADDRESS_ID_PARAM) };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { customer } = signedIn(context);
  const { addressType, returnPath, requestedId } = chooserRequest(request);
  const { t } = getInstance(context);
  const saved = await context.get(shopContext).services.addresses.list(customer.id);
  const addresses = (await describeAddresses(saved, getLanguage(context))).map((address) => ({
    ...address,
    selectable: canChooseFor(addressType, address.countryCode),
  }));
  // "Add an address" comes back here, keeping both parameters.
  const chooserPath = `/account/addresses/choose?${new URLSearchParams({
    [ADDRESS_TYPE_PARAM]: addressType,
    [REDIRECT_URI_PARAM]: returnPath,
  })}`;
  return {
    seo: describePage(context, request, { title: t('addresses:chooser.metaTitle'), robots: 'noindex' }),
    addressType,
    addresses,
    initialChoice: initialChoice(addresses, requestedId),
    addPath: `${ADDRESS_BOOK_PATH}/new?${new URLSearchParams({ [REDIRECT_URI_PARAM]: chooserPath })}`,
    backPath: returnPath,
  };
}

/** `addressId`: one of the fan's addresses (for shipping, not in a restricted country) → 303 to the caller. */
export async function action({ request, context }: Route.ActionArgs) {
  const { customer } = signedIn(context);
  const { addressType, returnPath } = chooserRequest(request);
  const submission = parseForm(await readFormData(request), chooseAddressSchema);
  if (submission.status !== 'success') return data(submission.reply(), { status: 400 });
  const address = await context.get(shopContext).services.addresses.get(customer.id, submission.value.addressId);
  const refuse = (message: string) => data(submission.reply({ fieldErrors: { addressId: [message] } }), { status: 400 });
  // Someone else's address is answered like an unknown one.
  if (!address) return refuse('addresses:chooser.required');
  if (!canChooseFor(addressType, address.countryCode)) return refuse('addresses:chooser.notAllowed');
  return redirect(withAddressId(returnPath, address.id), 303);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AddressChooser({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useShopTranslation('addresses');
  const { addressType, addresses, addPath, backPath } = loaderData;
  const { fields, formProps, summary } = useShopForm(chooseAddressSchema, {
    id: 'choose',
    lastResult: actionData,
    fieldOrder: ['addressId'],
  });
  return (
    <section className="address-page" aria-labelledby="chooser-heading">
      <h1 id="chooser-heading">{t(`chooser.heading.${addressType}`)}</h1>
      <ErrorSummary key={summary.key} errors={summary.errors} labels={{ addressId: t('chooser.summaryLabel') }} />
      {addresses.length === 0 ? <p>{t('chooser.empty')}</p> : null}
      <p>
        <Link to={addPath} className="button">
          {t('chooser.add')}
        </Link>
      </p>
      {addresses.length > 0 ? (
        <Form method="post" {...formProps} className="form">
          <AddressChoices
            field={fields.addressId}
            addresses={addresses}
            checked={(fields.addressId.initialValue as string | undefined) ?? loaderData.initialChoice}
            legend={t(`chooser.legend.${addressType}`)}
          />
          <div className="form--inline">
            <SubmitButton>{t('chooser.submit')}</SubmitButton>
            <Link to={backPath} className="button">
              {t('chooser.back')}
            </Link>
          </div>
        </Form>
      ) : null}
    </section>
  );
}
