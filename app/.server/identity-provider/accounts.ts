import { eq } from 'drizzle-orm';
import type { ShopDb } from '../db/client';
import { accounts } from '../db/schema';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './passwords';

export type Account = {
  id: string;
  email: string;
  emailVerified: boolean;
  givenName: string;
  familyName: string;
};

export type SignUpInput = { email: string; password: string; givenName: string; familyName: string };

export type SignUpResult = { ok: true; account: Account } | { ok: false; reason: 'email-taken' };

/** E-mail addresses are compared trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const publicColumns = {
  id: accounts.id,
  email: accounts.email,
  emailVerified: accounts.emailVerified,
  givenName: accounts.givenName,
  familyName: accounts.familyName,
};

/** Accounts of the embedded sign-in service: sign-up, password check, lookup by subject. */
export function createAccountStore(db: ShopDb) {
  return {
    async signUp(input: SignUpInput): Promise<SignUpResult> {
      const passwordHash = await hashPassword(input.password);
      const [account] = await db
        .insert(accounts)
        .values({
          email: normalizeEmail(input.email),
          passwordHash,
          givenName: input.givenName.trim(),
          familyName: input.familyName.trim(),
        })
        .onConflictDoNothing({ target: accounts.email })
        .returning(publicColumns);
      return account ? { ok: true, account } : { ok: false, reason: 'email-taken' };
    },

    /** The account if the password is right; null otherwise, in about the same time either way. */
    async authenticate(email: string, password: string): Promise<Account | null> {
      const [row] = await db
        .select({ ...publicColumns, passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.email, normalizeEmail(email)))
        .limit(1);
      if (!row) return verifyAgainstDummy(password).then(() => null);
      const { passwordHash, ...account } = row;
      return (await verifyPassword(password, passwordHash)) ? account : null;
    },

    async findById(id: string): Promise<Account | null> {
      // Subjects are UUIDs; anything else cannot be ours (and would make PostgreSQL throw).
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
      const [account] = await db.select(publicColumns).from(accounts).where(eq(accounts.id, id)).limit(1);
      return account ?? null;
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;
