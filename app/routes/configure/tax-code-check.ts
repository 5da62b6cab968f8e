import { data } from 'react-router';
import { checkTaxCodeAgainstHolder, checkTaxCodeFormat, normaliseTaxCode } from '../../domain/tax-code';
import { taxCodeBirthPlace } from '../../domain/birth-place';
import { isItaly } from '../../domain/countries';
import { countryNationalCodes } from '../../.server/services/birth-places';
import { getInstance } from '../../middleware/i18next';
import type { Route } from './+types/tax-code-check';

const DAY_MONTH_YEAR = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const MAX_PARAMETER_LENGTH = 80;

/**
 * The tax code check of the buyer form (spec §5 "Tax code"): GET with `surname`, `name`,
 * `gender`, `birthDate` (DD/MM/YYYY), `birthCountryCode`, `birthCityCode` (Italy) and
 * `fiscalCode`; answers `{ code: 0 }` when the code matches the holder (its birth place only for
 * one born in Italy), else `{ code: 1, reason, message }` with the message to show under the
 * field. The same domain rules run again when the form is submitted; this is the on-blur check
 * of the enhanced form.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const read = (name: string) => (query.get(name) ?? '').trim();
  if ([...query.values()].some((value) => value.length > MAX_PARAMETER_LENGTH)) throw data(null, { status: 400 });
  const { t } = getInstance(context);
  const answer = (reason: string) => Response.json({ code: 1, reason, message: t(`configureParts:errors.taxCode.${reason}`) });

  const code = normaliseTaxCode(read('fiscalCode'));
  const format = checkTaxCodeFormat(code);
  if (!format.ok) return answer(format.reason);
  const date = DAY_MONTH_YEAR.exec(read('birthDate'));
  const gender = read('gender');
  const birthPlaceCode = taxCodeBirthPlace(
    { birthCountryCode: read('birthCountryCode'), birthCityCode: read('birthCityCode') },
    await countryNationalCodes(),
  );
  // What the code is checked against must itself be given: the form's own messages say what is missing.
  if (!date || (gender !== 'F' && gender !== 'M') || !birthPlaceCode || !read('surname') || !read('name')) {
    throw data(null, { status: 400 });
  }
  const checked = checkTaxCodeAgainstHolder(code, {
    firstName: read('name'),
    lastName: read('surname'),
    dob: `${date[3]}-${date[2]}-${date[1]}`,
    gender,
    // The place is checked for a holder born in Italy only (spec §5), as the form's own check does.
    birthPlaceCode: isItaly(read('birthCountryCode')) ? birthPlaceCode : null,
  });
  return checked.ok ? Response.json({ code: 0 }) : answer(checked.reason);
}

/**
 * POST (or PUT, DELETE…) is not how the check is asked. Without an action React Router answers a
 * resource route's wrong method with 405 and "Unexpected Server Error"; this answers it as the
 * request guards answer TRACE: a bare 405 that says which methods the address takes.
 */
export function action() {
  return new Response('Method Not Allowed', { status: 405, headers: { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' } });
}
