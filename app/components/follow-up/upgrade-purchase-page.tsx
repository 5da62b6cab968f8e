import { Link } from "react-router";
import type { ProfilePart } from "../../domain/profile-completeness";
import { useShopTranslation } from "../../i18n/use-shop-translation";
import { PageProblem } from "../form/page-problem";
import { Breadcrumb } from "../ui/breadcrumb";
import {
  FactList,
  FollowedMembershipSection,
  FollowUpActions,
  FollowUpMissing,
  type FollowedFacts,
} from "./follow-up-parts";

/** The upgrade page as the server words it (routes/follow-up/upgrade.server.ts). */
export type UpgradePurchaseView = {
  to: string;
  targetHref: string;
  membership: FollowedFacts;
  price: { target: string; credit: string; total: string };
  automaticRenewal: boolean;
  editing: boolean;
  /** Why it cannot be upgraded, worded; null: the form is shown. */
  refusal: string | null;
};

export type UpgradePurchaseData =
  | { kind: "follow-up"; view: UpgradePurchaseView }
  | {
      kind: "missing";
      missing: ProfilePart[];
      completeHref: string;
      backHref: string;
    };

/**
 * The upgrade purchase (spec §2 `/products/{id}/upgrade/{membershipCode}`): the membership and
 * what it becomes, the price difference, the automatic-renewal choice and the button that puts
 * it in the cart (or saves the edited item). A refusal is said instead of the form.
 */
export function UpgradePurchasePage({
  data,
  problem,
  answer,
}: {
  data: UpgradePurchaseData;
  problem: string | null;
  answer: unknown;
}) {
  const { t } = useShopTranslation("followUp");
  if (data.kind === "missing")
    return <FollowUpMissing process="upgrade" {...data} />;
  const { view } = data;
  const from = view.membership.product;
  return (
    <article className="follow-up" aria-labelledby="follow-up-heading">
      <Breadcrumb
        trail={[{ to: view.membership.href, label: view.membership.code }]}
        current={t("upgrade.breadcrumb")}
      />
      <h1 id="follow-up-heading">{t("upgrade.heading", { to: view.to })}</h1>
      {problem ? <PageProblem message={problem} answer={answer} /> : null}
      <p>
        {t("upgrade.intro", {
          from,
          to: view.to,
          season: view.membership.season,
        })}
      </p>
      <FollowedMembershipSection membership={view.membership} />
      <section aria-labelledby="follow-up-price">
        <h2 id="follow-up-price">{t("upgrade.price.heading")}</h2>
        <FactList
          rows={[
            {
              key: "target",
              term: <Link to={view.targetHref}>{view.to}</Link>,
              value: view.price.target,
            },
            {
              key: "credit",
              term: t("upgrade.price.credit", { from }),
              value: `−${view.price.credit}`,
            },
            {
              key: "total",
              term: t("upgrade.price.total"),
              value: view.price.total,
              total: true,
            },
          ]}
        />
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
