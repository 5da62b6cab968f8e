import { applyHolderClearingRules } from '../domain/address-rules';
import { CONFIGURE_FIELDS, type ConfigureField } from '../domain/configure';
import type { DependentFields } from './refresh';

// Apart from the schema: only a form that asks a holder has dependent lists, so only its
// chunk (and the action) loads the clearing rules.
/**
 * The holder's dependent lists (forms/refresh.ts): the page sends back what it showed of the
 * birth date, country and province (`previous.dob`…), and of the buy-for choice, so a refresh
 * that only switched it returns focus there. The spec's clearing rules (§4) are the profile's:
 * a new birth date clears province and city, a new country those and the tax code, a new
 * province the city (applyHolderClearingRules).
 */
export const CONFIGURE_DEPENDENT_FIELDS: DependentFields<ConfigureField> = {
  fields: CONFIGURE_FIELDS,
  remembered: ['buyFor', 'dob', 'birthCountryCode', 'birthProvinceCode'],
  clear: applyHolderClearingRules,
};
