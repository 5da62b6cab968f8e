import { sql } from 'drizzle-orm';
import { check, date, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The shop's customers, known by the OIDC subject of whichever sign-in service is
 * configured. Profile columns follow the spec's Buyer entity; all but the names are
 * optional until the fan fills them in.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    oidcSubject: text('oidc_subject').notNull().unique(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    /** YYYY-MM-DD. */
    dob: date('dob', { mode: 'string' }),
    gender: text('gender', { enum: ['F', 'M'] }),
    birthCountryCode: text('birth_country_code'),
    birthCountryName: text('birth_country_name'),
    birthProvince: text('birth_province'),
    birthProvinceCode: text('birth_province_code'),
    birthCity: text('birth_city'),
    birthCityCode: text('birth_city_code'),
    taxCode: text('tax_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('customers_gender', sql`${table.gender} is null or ${table.gender} in ('F', 'M')`)],
);
