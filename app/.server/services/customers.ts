import { and, eq, sql } from 'drizzle-orm';
import { checkProfileDraft, type ProfileDraft, type ProfileField } from '../../domain/profile-check';
import type { RequestableField } from '../../domain/profile-completeness';
import { failure, refuseInvalid, success, type Result } from '../../domain/result';
import { romeDate } from '../../domain/shop-time';
import { normaliseTaxCode } from '../../domain/tax-code';
import { normalisePhoneForStorage } from '../../domain/phone';
import type { ServiceDeps } from '.';
import { customers } from '../db/schema';
import { countryNationalCodes, resolveBirthPlace } from './birth-places';

export type Customer = typeof customers.$inferSelect;

/** What the sign-in service tells us about a fan at login. */
export type SignedInIdentity = { subject: string; email: string; firstName: string; lastName: string };

/** The profile fields the fan fills in on the completion page (names and e-mail are not among them). */
const PROFILE_COLUMNS = [
  'phone',
  'dob',
  'gender',
  'birthCountryCode',
  'birthCountryName',
  'birthProvince',
  'birthProvinceCode',
  'birthCity',
  'birthCityCode',
  'taxCode',
] as const;

export type ProfileUpdate = Pick<Customer, (typeof PROFILE_COLUMNS)[number]>;

/** A profile completion: the draft as typed, and what the page asked for (`fields=`). */
export type ProfileCompletionRequest = { draft: ProfileDraft; requested: readonly RequestableField[] };

/** Only the profile columns, even if a caller hands over a wider object (id, subject, names). */
function pickProfile(profile: ProfileUpdate): ProfileUpdate {
  return Object.fromEntries(PROFILE_COLUMNS.map((column) => [column, profile[column]])) as ProfileUpdate;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createCustomersService({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>) {
  async function findOwned(id: string, subject: string): Promise<Customer | null> {
    if (!UUID.test(id)) return null;
    const [customer] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.id, id), eq(customers.oidcSubject, subject)))
      .limit(1);
    return customer ?? null;
  }

  /**
   * Writes profile columns of the customer `id`, only if that row belongs to `subject`: a
   * forged or stale id changes nothing and answers null. Checks nothing: `completeProfile`
   * is the use case; this is its storage step (and the test fixtures').
   */
  async function updateProfile(id: string, subject: string, profile: ProfileUpdate): Promise<Customer | null> {
    if (!UUID.test(id)) return null;
    const [customer] = await db
      .update(customers)
      .set({ ...pickProfile(profile), updatedAt: sql`now()` })
      .where(and(eq(customers.id, id), eq(customers.oidcSubject, subject)))
      .returning();
    return customer ?? null;
  }

  return {
    /**
     * The customer of an OIDC subject, created at the first sign-in. Later sign-ins refresh
     * the e-mail (the sign-in service owns it); names stay as the shop has them.
     */
    async upsertFromSignIn(identity: SignedInIdentity): Promise<Customer> {
      const [customer] = await db
        .insert(customers)
        .values({
          oidcSubject: identity.subject,
          email: identity.email,
          firstName: identity.firstName,
          lastName: identity.lastName,
        })
        .onConflictDoUpdate({
          target: customers.oidcSubject,
          set: { email: identity.email, updatedAt: sql`now()` },
        })
        .returning();
      if (!customer) throw new Error('customer upsert returned no row');
      return customer;
    },

    async findById(id: string): Promise<Customer | null> {
      if (!UUID.test(id)) return null;
      const [customer] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
      return customer ?? null;
    },

    /**
     * Completes the profile of the customer `id` (which must belong to `subject`, the signed-in
     * fan's OIDC subject, else 'not-found'). Checks everything itself (domain/profile-check:
     * dates, phone, birth country, the tax code against the fan's names and birth data; then
     * that the province and municipality existed at the birth date) and stores the names that
     * go with the chosen codes. Refusals are reason codes per field.
     */
    async completeProfile(
      id: string,
      subject: string,
      { draft, requested }: ProfileCompletionRequest,
    ): Promise<Result<Customer, 'not-found' | 'invalid', ProfileField>> {
      const customer = await findOwned(id, subject);
      if (!customer) return failure('not-found');
      const today = romeDate(clock.now());
      const context = {
        holder: { firstName: customer.firstName, lastName: customer.lastName },
        requested,
        today,
        countryNationalCodes: await countryNationalCodes(),
      };
      const refused = refuseInvalid(checkProfileDraft(draft, context));
      if (refused) return refused;
      const place = await resolveBirthPlace({
        dob: draft.dob.trim(),
        birthCountryCode: draft.birthCountryCode.trim().toUpperCase(),
        birthProvinceCode: draft.birthProvinceCode.trim().toUpperCase(),
        birthCityCode: draft.birthCityCode.trim().toUpperCase(),
      }, today);
      if (!place.ok) return failure('invalid', { [place.field]: 'notInList' });
      const phone = draft.phone.trim();
      const taxCode = normaliseTaxCode(draft.taxCode);
      const saved = await updateProfile(id, subject, {
        dob: draft.dob.trim(),
        gender: draft.gender === 'F' ? 'F' : 'M', // checked above: F or M
        phone: phone ? normalisePhoneForStorage(phone) : null,
        taxCode: taxCode || null,
        ...place.place,
      });
      return saved ? success(saved) : failure('not-found');
    },

    updateProfile,
  };
}

export type CustomersService = ReturnType<typeof createCustomersService>;
