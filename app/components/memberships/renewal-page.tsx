import { Form, Link } from 'react-router';
import type { AddressSummary } from '../../domain/address-summary';
import { RENEWAL_TABS, membershipSectionPath, type ManageAction, type ManageRefusal, type RenewalTab } from '../../domain/membership-manage';
import { MANAGE_ACTION_FIELD, MANAGE_SCHEMAS } from '../../forms/membership-manage';
import { useShopTranslation } from '../../i18n/use-shop-translation';
import { AddressChoices, type AddressChoice } from '../address/address-choices';
import { AddressLines } from '../address/address-lines';
import { ErrorSummary } from '../form/error-summary';
import { PageProblem } from '../form/page-problem';
import { RadioGroupField } from '../form/radio-group-field';
import { SubmitButton } from '../form/submit-button';
import { useShopForm } from '../form/use-shop-form';
import type { ManageAnswer, MembershipCardView } from './membership-views';
import { SectionHeading } from './section-heading';
import { Notice } from '../ui/notice';
import { Tabs } from '../ui/tabs';

type Current = { shippingAddress: AddressSummary | null; billingAddress: AddressSummary | null; preferredVariantSize: string | null };

export type RenewalView = {
  card: MembershipCardView;
  tab: RenewalTab;
  addAddressPath: string;
  /** Why the preferences cannot be changed: the use case's refusal, or withdrawn (said apart: it is over for good). */
  refusal: ManageRefusal | 'withdrawn' | null;
  current: Current | null;
  shippingChoices: AddressChoice[];
  billingChoices: AddressChoice[];
  checked: { shippingAddress: string | null; billingAddress: string | null; preferredVariantSize: string | null };
  sizes: { value: string; label: string }[];
};

/**
 * Renewal preferences: tabs Shipping (address, and size where the product has sizes) and
 * Billing, each a form posting the spec's manage action. Refused to anyone but the manager of a
 * live membership that was not a gift from someone else: the page then says why.
 */
export function RenewalPage({ view, answer }: { view: RenewalView; answer: ManageAnswer | null }) {
  const { t } = useShopTranslation(['membership', 'forms']);
  const { card, tab } = view;
  const tabs = RENEWAL_TABS.map((id) => ({ id, href: membershipSectionPath(card.code, 'renewal', id), label: t(`renewal.tabs.${id}`) }));
  const formAction = membershipSectionPath(card.code, 'renewal', tab);
  const lastResultOf = (action: ManageAction) => (answer?.action === action && answer.problem === null ? answer.result : undefined);
  return (
    <div className="membership-page">
      <SectionHeading card={card} title={t('renewal.heading')} />
      {answer?.problem ? <PageProblem message={t(answer.problem)} answer={answer} /> : null}
      {view.refusal !== null ? (
        <Notice tone="warning">
          <p>{t(`renewal.refusal.${view.refusal}`)}</p>
        </Notice>
      ) : null}
      <Tabs label={t('renewal.tabsLabel')} tabs={tabs} current={tab} />
      <section aria-labelledby="renewal-tab-heading">
        <h2 id="renewal-tab-heading">{t(`renewal.tabs.${tab}`)}</h2>
        {tab === 'shipping' ? (
          <>
            <CurrentChoice label={t('renewal.current.shippingAddress')} address={view.current?.shippingAddress} shown={view.current !== null} />
            {view.sizes.length > 0 ? <CurrentChoice label={t('renewal.current.preferredVariantSize')} text={view.current?.preferredVariantSize} shown={view.current !== null} /> : null}
            {view.refusal === null ? (
              <>
                <AddressForm action="renewalShipment" field="shippingAddress" choices={view.shippingChoices} checked={view.checked.shippingAddress} formAction={formAction} lastResult={lastResultOf('renewalShipment')} addAddressPath={view.addAddressPath} />
                {view.sizes.length > 0 ? <SizeForm sizes={view.sizes} checked={view.checked.preferredVariantSize} formAction={formAction} lastResult={lastResultOf('renewalVariantSize')} /> : null}
              </>
            ) : null}
          </>
        ) : (
          <>
            <CurrentChoice label={t('renewal.current.billingAddress')} address={view.current?.billingAddress} shown={view.current !== null} />
            {view.refusal === null ? (
              <AddressForm action="renewalBilling" field="billingAddress" choices={view.billingChoices} checked={view.checked.billingAddress} formAction={formAction} lastResult={lastResultOf('renewalBilling')} addAddressPath={view.addAddressPath} />
            ) : null}
          </>
        )}
      </section>
      <p>
        <Link to={card.href}>{t('backToMembership')}</Link>
      </p>
    </div>
  );
}

function CurrentChoice({ label, address, text, shown }: { label: string; address?: AddressSummary | null; text?: string | null; shown: boolean }) {
  const { t } = useShopTranslation('membership');
  if (!shown) return null;
  return (
    <div className="renewal-current">
      <p>
        <strong>{label}</strong>
      </p>
      {address ? <AddressLines address={address} /> : <p>{text ?? t('renewal.current.none')}</p>}
    </div>
  );
}

type LastResult = ManageAnswer['result'] | undefined;

function AddressForm({
  action,
  field: name,
  choices,
  checked,
  formAction,
  lastResult,
  addAddressPath,
}: {
  action: 'renewalShipment' | 'renewalBilling';
  field: 'shippingAddress' | 'billingAddress';
  choices: AddressChoice[];
  checked: string | null;
  formAction: string;
  lastResult: LastResult;
  addAddressPath: string;
}) {
  const { t } = useShopTranslation('membership');
  // The two address forms differ only in their field's name (the spec's config name); the casts
  // below say that `name` is the one field of whichever schema this is.
  const schema = action === 'renewalShipment' ? MANAGE_SCHEMAS.renewalShipment : MANAGE_SCHEMAS.renewalBilling;
  const { fields, formProps, summary } = useShopForm(schema, { id: action, lastResult, fieldOrder: [name] as never[] });
  const field = (fields as Record<typeof name, (typeof fields)[keyof typeof fields]>)[name];
  return (
    <>
      <ErrorSummary key={summary.key} errors={summary.errors} labels={{ [name]: t(`renewal.legend.${name}`) } as never} />
      {choices.length === 0 ? <p>{t('renewal.noAddresses')}</p> : null}
      {choices.length > 0 ? (
        <Form method="post" action={formAction} {...formProps} className="form">
          <input type="hidden" name={MANAGE_ACTION_FIELD} value={action} />
          <AddressChoices field={field} addresses={choices} checked={(field.initialValue as string | undefined) ?? checked} legend={t(`renewal.legend.${name}`)} />
          <div className="form--inline">
            <SubmitButton pendingFor={{ [MANAGE_ACTION_FIELD]: action }}>{t(`renewal.save.${action}`)}</SubmitButton>
          </div>
        </Form>
      ) : null}
      <p>
        <Link to={addAddressPath}>{t('renewal.addAddress')}</Link>
      </p>
    </>
  );
}

function SizeForm({ sizes, checked, formAction, lastResult }: { sizes: { value: string; label: string }[]; checked: string | null; formAction: string; lastResult: LastResult }) {
  const { t } = useShopTranslation('membership');
  const { fields, formProps, summary } = useShopForm(MANAGE_SCHEMAS.renewalVariantSize, {
    id: 'renewalVariantSize',
    lastResult,
    fieldOrder: ['preferredVariantSize'],
    defaultValue: { preferredVariantSize: checked ?? undefined },
  });
  return (
    <>
      <ErrorSummary key={summary.key} errors={summary.errors} labels={{ preferredVariantSize: t('renewal.legend.preferredVariantSize') }} />
      <Form method="post" action={formAction} {...formProps} className="form">
        <input type="hidden" name={MANAGE_ACTION_FIELD} value="renewalVariantSize" />
        <RadioGroupField field={fields.preferredVariantSize} legend={t('renewal.legend.preferredVariantSize')} options={sizes} optionsClassName="form-field__options--sizes" />
        <div className="form--inline">
          <SubmitButton pendingFor={{ [MANAGE_ACTION_FIELD]: 'renewalVariantSize' }}>{t('renewal.save.renewalVariantSize')}</SubmitButton>
        </div>
      </Form>
    </>
  );
}
