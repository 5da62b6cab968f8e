// The links from the terms checkboxes to the texts they accept (issue 30), worded on the server
// from `checkoutTerms` (read on the server only), so no hydrating page downloads these words.
import type { CheckboxTextLink } from '../../components/configure/checkbox-field';
import type { TermName } from '../../domain/checkout-terms';
import { termsPageOf, termsPagePath, type TermsPageId } from '../../domain/terms-pages';

type Translate = (key: string) => string;

function linkTo(page: TermsPageId, t: Translate): CheckboxTextLink {
  return { href: termsPagePath(page), label: t(`checkoutTerms:pages.${page}.link`) };
}

/** The link under a checkout (or gift redemption) box; null for a declaration, whose label is its text. */
export function termsTextLink(name: TermName, t: Translate): CheckboxTextLink | null {
  const page = termsPageOf(name);
  return page ? linkTo(page, t) : null;
}

/** The link under the cart's withdrawal waiver box. */
export function withdrawalTextLink(t: Translate): CheckboxTextLink {
  return linkTo('withdrawal', t);
}
