import { useMemo } from 'react';
import { data, redirect } from 'react-router';
import { usePartRules } from '../../components/configure/part-rules';
import { RedeemGiftPage, REDEEM_INTENT, type RedeemGiftStep } from '../../components/gift/redeem-gift-page';
import { shopContext } from '../../context';
import { ALL_CONFIGURE_RULES } from '../../domain/configure-rules';
import { holderChoiceContext, redeemerHolderChoice } from '../../domain/gift-redemption';
import { giftActivatedPath } from '../../domain/order-pages';
import { pagePath } from '../../domain/page-address';
import { pageMeta } from '../../domain/page-meta';
import { romeDate } from '../../domain/shop-time';
import { configureProblemMessage, configureSchema } from '../../forms/configure';
import { CONFIGURE_DEPENDENT_FIELDS } from '../../forms/configure-refresh';
import { fieldErrorsOf } from '../../forms/field-problems';
import { intentOf, isRefresh } from '../../forms/intent';
import { parseForm } from '../../forms/parse';
import { REDEEM_TERMS, redeemGiftSchema } from '../../forms/redeem-gift';
import { keepLoaderDataOnRefresh } from '../../forms/refresh';
import { signedIn } from '../../.server/auth/guards';
import { clientIpOf } from '../../.server/http/client-ip';
import { redirectWithNotice } from '../../.server/http/flash';
import { readFormData } from '../../.server/http/form-data';
import { describePage } from '../../.server/http/page-seo';
import { refreshedFormView, refusedFormView } from '../../.server/http/refresh';
import { countryNationalCodes } from '../../.server/services/birth-places';
import { getInstance, getLanguage } from '../../middleware/i18next';
import { describeConfigureForm, submittedConfigureDraft } from '../configure/configure.server';
import { giftError, giftLinkOf, holderChoiceStep, managerBlocker, noHolderFits, redeemTermsOf } from './redeem-gift.server';
import type { Route } from './+types/redeem-gift';
import type { RouteHandle } from '../../root';

export const handle: RouteHandle = { styles: ['components', 'ui', 'forms', 'configure'] };

/** The page's shared start: the fan, the link (none: home), and what stops them taking a gift on. */
function begin({ request, context }: { request: Request; context: Route.LoaderArgs['context'] }) {
  const { user, customer } = signedIn(context);
  const { services, clock } = context.get(shopContext);
  const link = giftLinkOf(new URL(request.url));
  if (!link) throw redirect('/');
  const { t } = getInstance(context);
  const now = clock.now();
  const giftRequest = { owner: { customerId: customer.id, subject: user.subject }, link, ip: clientIpOf(context) };
  return { customer, services, giftRequest, now, t, blocker: managerBlocker(customer, request.url, now, t) };
}

/**
 * `/redeem-gift?code&giftCode` (spec §2, §4; also `/reedem-gift`, the spec's misspelling),
 * secured; without both codes → home. A fan under 16 gets the manager error; otherwise the gift
 * check: neither manager nor holder → the confirm step, or (409) why they cannot take it on when
 * no holder choice would then be open to them; its manager → redeemed again (it is theirs) and
 * the holder choice, or "already redeemed" once that is done; else the error with its label and
 * code.
 */
export async function loader(args: Route.LoaderArgs) {
  const { request, context } = args;
  const { customer, services, giftRequest, now, t, blocker } = begin(args);
  const seo = describePage(context, request, { title: t('gift:metaTitle'), robots: 'noindex' });
  if (blocker) return data({ seo, ...blocker.data }, blocker.init ?? undefined);
  const checked = await services.gifts.check(giftRequest);
  if (!checked.ok) return withSeo(seo, giftError(checked.reason, t));
  const gift = checked.value;
  const language = getLanguage(context);
  switch (gift.check.step) {
    case 'confirm': {
      // Whom they could then choose as holder: nobody refuses the claim; otherwise the page says who.
      const choice = customer.dob === null ? 'either' : redeemerHolderChoice(gift, customer.dob, romeDate(now));
      if (choice === null) return withSeo(seo, noHolderFits(gift, language, t));
      const step: RedeemGiftStep = {
        step: 'confirm',
        title: t('gift:confirm.title', { gifter: gift.gifterFirstName }),
        description: t(`gift:confirm.description.${choice}`, { product: gift.productName[language] }),
        message: gift.message,
        terms: redeemTermsOf(t),
      };
      return { seo, ...step };
    }
    case 'holder-choice': {
      // Spec: a check that is otherwise ok redeems at once (for its manager: nothing changes, no terms are asked).
      const redeemed = await services.gifts.redeem({ ...giftRequest, acceptedTerms: new Set() });
      if (!redeemed.ok) throw redirect(pagePath(request.url), 303);
      return { seo, ...(await holderChoiceStep(redeemed.value.gift, customer, { requestUrl: request.url, language, now, t })) };
    }
    case 'already-redeemed': {
      const step: RedeemGiftStep = { step: 'error', title: t('gift:error.title'), message: t('gift:error.alreadyRedeemed'), code: null };
      return data({ seo, ...step }, { status: 409 });
    }
    default:
      return withSeo(seo, giftError(gift.check.step, t));
  }
}

function withSeo(seo: ReturnType<typeof describePage>, refused: ReturnType<typeof giftError | typeof noHolderFits>) {
  return data({ seo, ...refused.data }, refused.init ?? undefined);
}

/**
 * POST `intent=redeem` (the confirm step) with both terms boxes ticked takes the gift on, then
 * shows the page again (303), which says where the fan now is; a box left empty → 400 with its
 * message; a fan whom no holder choice would then be open to → 409 with why, nothing taken on
 * (the gifts service decides both). POST without an intent is the holder choice: the configure
 * form's `buyFor` and holder fields (`intent=refresh` narrows the birth-place lists); activated
 * → `/thankyou` with a notice; refused fields → 400 with their messages.
 */
export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const { customer, services, giftRequest, now, t, blocker } = begin(args);
  const formData = await readFormData(request);
  const page = pagePath(request.url);
  if (blocker) throw redirect(page, 303);
  if (intentOf(formData) === REDEEM_INTENT) {
    const terms = parseForm(formData, redeemGiftSchema);
    const acceptedTerms = new Set(REDEEM_TERMS.filter((name) => formData.get(name) === 'on'));
    const redeemed = await services.gifts.redeem({ ...giftRequest, acceptedTerms });
    if (!redeemed.ok && redeemed.reason === 'no-holder-fits') {
      return data({ refusal: noHolderFits(redeemed.gift, getLanguage(context), t).data }, { status: 409 });
    }
    if (terms.status !== 'success') return data({ redeemResult: terms.reply() }, { status: 400 });
    throw redirect(page, 303);
  }
  const checked = await services.gifts.check(giftRequest);
  if (!checked.ok || checked.value.check.step !== 'holder-choice') throw redirect(page, 303);
  const today = romeDate(now);
  const schema = configureSchema(
    holderChoiceContext(checked.value, { customerBirthDate: customer.dob ?? '', today, countryNationalCodes: await countryNationalCodes() }),
    ALL_CONFIGURE_RULES,
  );
  const describe = describeConfigureForm(getLanguage(context), today, formData.get('buyFor') === 'BUY_ON_BEHALF');
  if (isRefresh(formData)) return { view: await refreshedFormView(formData, CONFIGURE_DEPENDENT_FIELDS, schema, describe) };

  const submission = parseForm(formData, schema);
  const refused = async (fieldErrors: Record<string, string[]> | undefined) =>
    data({ view: await refusedFormView(submittedConfigureDraft(formData), submission.reply({ fieldErrors }), describe, schema) }, { status: 400 });
  if (submission.status !== 'success') return refused(undefined);
  const activated = await services.gifts.activate({ ...giftRequest, draft: submittedConfigureDraft(formData) });
  if (activated.ok) {
    const name = activated.value.productName[getLanguage(context)];
    return redirectWithNotice(request, context, giftActivatedPath(activated.value.productId), { key: 'gift:notice.activated', values: { name } });
  }
  if (activated.reason === 'invalid') return refused(fieldErrorsOf(activated.fields, configureProblemMessage));
  // Anything else changed under the fan (used up meanwhile, guessed too often): the page says what.
  throw redirect(page, 303);
}

export const shouldRevalidate = keepLoaderDataOnRefresh;

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function RedeemGift({ loaderData, actionData }: Route.ComponentProps) {
  const holder = loaderData.step === 'holder' ? loaderData : null;
  const rules = usePartRules(holder?.form.parts ?? { holderFields: false, gift: false, customization: false });
  const schemaContext = holder?.form.schemaContext;
  const schema = useMemo(() => (schemaContext ? configureSchema(schemaContext, rules) : null), [schemaContext, rules]);
  const view = actionData && 'view' in actionData ? actionData.view : undefined;
  const form = holder && schema ? { ...holder.form, schema, view: view ?? holder.form.view } : null;
  const redeemResult = actionData && 'redeemResult' in actionData ? actionData.redeemResult : undefined;
  // A claim refused (409) shows why in place of the confirm step, with or without JavaScript.
  const refusal = actionData && 'refusal' in actionData ? actionData.refusal : null;
  return <RedeemGiftPage data={refusal ?? loaderData} form={form} redeemResult={redeemResult} />;
}
