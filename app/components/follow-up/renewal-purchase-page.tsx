import { Link } from "react-router";
import type { AddressSummary } from "../../domain/address-summary";
import type { ProfilePart } from "../../domain/profile-completeness";
import { useShopTranslation } from "../../i18n/use-shop-translation";
import { AddressLines } from "../address/address-lines";
import { PageProblem } from "../form/page-problem";
import { Breadcrumb } from "../ui/breadcrumb";
import {
  FactList,
  FollowedMembershipSection,
  FollowUpActions,
  FollowUpMissing,
  type FollowedFacts,
} from "./follow-up-parts";

/** The renewal page as the server words it (routes/follow-up/renewal.server.ts). */
export type RenewalPurchaseView = {
  product: { name: string; href: string };
  /** The season the renewal is for. */
  season: string;
  membership: FollowedFacts;
  price: string;
  /**
   * The renewal preferences the item starts from, and where they are changed; `undefined`: not
   * asked of this product (no sizes, nothing shipped); null: not set.
   */
  preferences: {
    href: string;
    size?: string | null;
    shipping?: AddressSummary | null;
    billing: AddressSummary | null;
  };
  automaticRenewal: boolean;
  editing: boolean;
  /** Why it cannot be renewed now, worded; null: the form is shown. */
  refusal: string | null;
};

export type RenewalPurchaseData =
  | { kind: "follow-up"; view: RenewalPurchaseView }
  | {
      kind: "missing";
      missing: ProfilePart[];
      completeHref: string;
      backHref: string;
    };

function Preference({
  label,
  address,
  text,
}: {
  label: string;
  address?: AddressSummary | null;
  text?: string;
}) {
  return (
    <div className="follow-up__preference">
      <h3>{label}</h3>
      {address ? <AddressLines address={address} /> : <p>{text}</p>}
    </div>
  );
}

/**
 * The renewal purchase (spec §2 `/products/{id}/renewal/{renewedMembership}`): the membership
 * renewed, the same kind for the next season and its price, the renewal preferences it takes
 * (changed in My Membership), the automatic-renewal choice and the button that puts it in the cart.
 */
export function RenewalPurchasePage({
  data,
  problem,
  answer,
}: {
  data: RenewalPurchaseData;
  problem: string | null;
  answer: unknown;
}) {
  const { t } = useShopTranslation("followUp");
  if (data.kind === "missing")
    return <FollowUpMissing process="renewal" {...data} />;
  const { view } = data;
  const { preferences } = view;
  const none = t("renewal.preferences.none");
  return (
    <article className="follow-up" aria-labelledby="follow-up-heading">
      <Breadcrumb
        trail={[{ to: view.membership.href, label: view.membership.code }]}
        current={t("renewal.breadcrumb")}
      />
      <h1 id="follow-up-heading">
        {t("renewal.heading", {
          product: view.product.name,
          season: view.season,
        })}
      </h1>
      {problem ? <PageProblem message={problem} answer={answer} /> : null}
      <p>
        {t("renewal.intro", {
          product: view.membership.product,
          season: view.season,
        })}
      </p>
      <FollowedMembershipSection membership={view.membership} />
      <section aria-labelledby="follow-up-price">
        <h2 id="follow-up-price">{t("renewal.price.heading")}</h2>
        <FactList
          rows={[
            {
              key: "season",
              term: t("renewal.price.season"),
              value: view.season,
            },
            {
              key: "total",
              term: <Link to={view.product.href}>{view.product.name}</Link>,
              value: view.price,
              total: true,
            },
          ]}
        />
      </section>
      <section aria-labelledby="follow-up-preferences">
        <h2 id="follow-up-preferences">{t("renewal.preferences.heading")}</h2>
        <p>{t("renewal.preferences.intro")}</p>
        {preferences.size !== undefined ? (
          <Preference
            label={t("renewal.preferences.size")}
            text={preferences.size ?? none}
          />
        ) : null}
        {preferences.shipping !== undefined ? (
          <Preference
            label={t("renewal.preferences.shipping")}
            address={preferences.shipping}
            text={t("renewal.preferences.shippingInCart")}
          />
        ) : null}
        <Preference
          label={t("renewal.preferences.billing")}
          address={preferences.billing}
          text={t("renewal.preferences.billingAtCheckout")}
        />
        <p>
          <Link to={preferences.href}>{t("renewal.preferences.change")}</Link>
        </p>
      </section>
      <FollowUpActions
        refusal={view.refusal}
        automaticRenewal={view.automaticRenewal}
        editing={view.editing}
        backHref={view.membership.href}
      />
    </article>
  );
}
