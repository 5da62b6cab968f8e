import { randomUUID } from 'node:crypto';
import { data } from 'react-router';
import { WithdrawalPage, type WithdrawalPageData } from '../../../components/orders/withdrawal-page';
import { shopContext } from '../../../context';
import { receiptPath } from '../../../domain/order-pages';
import { pageMeta } from '../../../domain/page-meta';
import { formatPrice } from '../../../domain/price';
import { parseWithdrawalChoice, parseWithdrawalConfirmation, WITHDRAWAL_MESSAGES } from '../../../forms/withdrawal';
import { signedIn } from '../../../.server/auth/guards';
import { redirectWithNotice } from '../../../.server/http/flash';
import { readFormData } from '../../../.server/http/form-data';
import { describePage } from '../../../.server/http/page-seo';
import type { PreviewResult, WithdrawResult } from '../../../.server/services/withdrawals-contract';
import { getInstance, getLanguage } from '../../../middleware/i18next';
import type { RouteHandle } from '../../../root';
import { chooseStep, confirmStep, refusedStep } from './withdrawal.server';
import type { Route } from './+types/withdrawal';

// Two plain forms (GET choice, POST confirmation): nothing needs JavaScript. A double submit is
// the same withdrawal (the page's key), so no pending state is needed to prevent one.
export const handle: RouteHandle = { hydrate: false, styles: ['components', 'forms', 'orders'] };

type Args = Pick<Route.LoaderArgs, 'context' | 'params'>;

/** The fan's order (else the shop's 404: someone else's, unknown, malformed) and what the steps need. */
async function begin({ context, params }: Args) {
  const { user, customer } = signedIn(context);
  const { services } = context.get(shopContext);
  const owner = { customerId: customer.id, subject: user.subject };
  const order = await services.orders.find(owner, params.orderId);
  if (!order) throw data({ reason: 'order-not-found' }, { status: 404 });
  return { services, owner, order, language: getLanguage(context), t: getInstance(context).t };
}

type Begun = Awaited<ReturnType<typeof begin>>;

const page = (step: WithdrawalPageData, status = 200) => data({ page: step }, { status });

/** A refused preview or withdrawal as the page answers it: 404, 400 (choose again) or 409 (why not). */
function refused({ order, language, t }: Begun, result: Exclude<PreviewResult | WithdrawResult, { ok: true }>) {
  if ('refusals' in result) return page(refusedStep(order, result.refusals, language, t), 409);
  if (result.reason === 'nothing-chosen') return page(chooseStep(order, language, t, WITHDRAWAL_MESSAGES.nothingChosen), 400);
  throw data({ reason: 'order-not-found' }, { status: 404 });
}

/** The confirmation of `itemIds` with a new key, or why it cannot be shown. */
async function confirmation(begun: Begun, itemIds: string[], error: string | null = null) {
  const { services, owner, order, language, t } = begun;
  const preview = await services.withdrawals.preview(owner, order.id, itemIds);
  if (!preview.ok) return refused(begun, preview);
  return page(confirmStep(order, preview.value, randomUUID(), language, t, error), error ? 400 : 200);
}

/**
 * GET: without a query, the choice of items; `?item=…` (repeated) the confirmation of what
 * withdrawing them gives back; a choice empty (`step=confirm` alone) or not valid → 400 and
 * the choice again; items that may not be withdrawn → 409 and why.
 */
export async function loader(args: Route.LoaderArgs) {
  const begun = await begin(args);
  const query = new URL(args.request.url).searchParams;
  const seo = describePage(args.context, args.request, { title: begun.t('orders:withdrawal.metaTitle', { number: String(begun.order.number) }), robots: 'noindex' });
  const withSeo = async (answer: ReturnType<typeof page>) => data({ ...answer.data, seo }, answer.init ?? undefined);
  if (!query.has('item') && !query.has('step')) return withSeo(page(chooseStep(begun.order, begun.language, begun.t, null)));
  const choice = parseWithdrawalChoice(query);
  if (!choice.ok) return withSeo(page(chooseStep(begun.order, begun.language, begun.t, choice.message), 400));
  return withSeo(await confirmation(begun, choice.itemIds));
}

/**
 * POST `item` (repeated) and `key`: withdraws (the same key again answers the same withdrawal),
 * then 303 to the receipt with a notice. A key not valid → 400 and the confirmation again; the
 * items empty or not valid → 400 and the choice; refused → 409 and why, nothing withdrawn.
 */
export async function action(args: Route.ActionArgs) {
  const begun = await begin(args);
  const { services, owner, order, language, t } = begun;
  const form = await readFormData(args.request);
  const input = parseWithdrawalConfirmation(form);
  if (!input.ok) {
    const choice = parseWithdrawalChoice(form);
    if (input.field === 'key' && choice.ok) return confirmation(begun, choice.itemIds, input.message);
    return page(chooseStep(order, language, t, choice.ok ? input.message : choice.message), 400);
  }
  const result = await services.withdrawals.withdraw({ owner, orderId: order.id, itemIds: input.itemIds, key: input.key, language });
  if (!result.ok) return refused(begun, result);
  const { refundCents } = result.value;
  const notice = refundCents > 0 ? { key: 'orders:withdrawal.notice.done', values: { amount: formatPrice(refundCents, language) } } : { key: 'orders:withdrawal.notice.doneFree' };
  return redirectWithNotice(args.request, args.context, receiptPath(order.id), notice);
}

export const meta: Route.MetaFunction = ({ loaderData }) => pageMeta(loaderData?.seo);

export default function AccountOrderWithdrawal({ loaderData, actionData }: Route.ComponentProps) {
  // A refused post shows its own step; the loader's is the choice.
  return <WithdrawalPage page={actionData?.page ?? loaderData.page} />;
}
