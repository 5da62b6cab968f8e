import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import type { FollowUpProcess } from "../../domain/membership-follow-up";
import type { ProfilePart } from "../../domain/profile-completeness";
import { AUTOMATIC_RENEWAL_FIELD } from "../../forms/follow-up-item";
import { useShopTranslation } from "../../i18n/use-shop-translation";
import { MissingProfile } from "../configure/missing-profile";
import { SubmitButton } from "../form/submit-button";

/**
 * What the upgrade and renewal pages share (issue 15), worded by the `followUp` namespace: its
 * shared keys (`current.*`, `automaticRenewal.*`, `primary.*`, `back`) and each purchase's own
 * under `upgrade.*` and `renewal.*`.
 */

/** The membership the purchase follows, as the server words it. */
export type FollowedFacts = {
  code: string;
  href: string;
  product: string;
  holder: string;
  season: string;
};

/** A profile missing what a purchase needs: what to complete, where, and the way back. */
export function FollowUpMissing({
  process,
  missing,
  completeHref,
  backHref,
}: {
  process: FollowUpProcess;
  missing: ProfilePart[];
  completeHref: string;
  backHref: string;
}) {
  const { t } = useShopTranslation("followUp");
  return (
    <article className="follow-up">
      <h1>{t(`${process}.missingHeading`)}</h1>
      <MissingProfile missing={missing} completeHref={completeHref} />
      <p>
        <Link to={backHref}>{t("back")}</Link>
      </p>
    </article>
  );
}

/** A short list of facts: a `<dl>` whose rows are term and value side by side. */
export function FactList({
  rows,
}: {
  rows: { key: string; term: ReactNode; value: ReactNode; total?: boolean }[];
}) {
  return (
    <dl className="follow-up__facts">
      {rows.map((row) => (
        <div
          key={row.key}
          className={row.total ? "follow-up__total" : undefined}
        >
          <dt>{row.term}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The followed membership: its code, product, holder and season. */
export function FollowedMembershipSection({
  membership,
}: {
  membership: FollowedFacts;
}) {
  const { t } = useShopTranslation("followUp");
  return (
    <section aria-labelledby="follow-up-current">
      <h2 id="follow-up-current">{t("current.heading")}</h2>
      <FactList
        rows={[
          {
            key: "code",
            term: t("current.code"),
            value: <code>{membership.code}</code>,
          },
          {
            key: "product",
            term: t("current.product"),
            value: membership.product,
          },
          {
            key: "holder",
            term: t("current.holder"),
            value: membership.holder,
          },
          {
            key: "season",
            term: t("current.season"),
            value: membership.season,
          },
        ]}
      />
    </section>
  );
}

/**
 * The page's end: why it cannot be bought (worded), or the one choice the fan makes — automatic
 * renewal — and the button that adds (or saves) the item; then the way back to the membership.
 */
export function FollowUpActions({
  refusal,
  automaticRenewal,
  editing,
  backHref,
}: {
  refusal: string | null;
  automaticRenewal: boolean;
  editing: boolean;
  backHref: string;
}) {
  const { t } = useShopTranslation("followUp");
  return (
    <>
      {refusal !== null ? (
        <p className="follow-up__refusal">{refusal}</p>
      ) : (
        <FollowUpForm automaticRenewal={automaticRenewal} editing={editing} />
      )}
      <p>
        <Link to={backHref}>{t("back")}</Link>
      </p>
    </>
  );
}

function FollowUpForm({
  automaticRenewal,
  editing,
}: {
  automaticRenewal: boolean;
  editing: boolean;
}) {
  const { t } = useShopTranslation("followUp");
  return (
    <Form method="post" className="follow-up__form">
      <div className="form-field form-field--checkbox">
        <input
          type="checkbox"
          id="follow-up-renewal"
          name={AUTOMATIC_RENEWAL_FIELD}
          value="on"
          defaultChecked={automaticRenewal}
          className="form-field__checkbox"
          aria-describedby="follow-up-renewal-hint"
        />
        <label htmlFor="follow-up-renewal">{t("automaticRenewal.label")}</label>
        <p id="follow-up-renewal-hint" className="form-field__hint">
          {t("automaticRenewal.hint")}
        </p>
      </div>
      <SubmitButton>
        {t(editing ? "primary.saveToCart" : "primary.continueAndAddToCart")}
      </SubmitButton>
    </Form>
  );
}
