// Memberships become active when their season starts (issue 15; domain/season.ts) and the
// withdrawal period their buyer kept is over (issue 30; domain/withdrawal.ts), moved by the
// activation job (jobs/membership-activation.ts) on every instance: each row moves by a guarded
// UPDATE of rows locked with SKIP LOCKED, so two passes at once share the work, never repeat it.
import { and, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { hasSeasonStarted } from '../../domain/season';
import { romeDate } from '../../domain/shop-time';
import { memberships } from '../db/schema';
import type { ServiceDeps } from '.';
import { retireUpgraded } from './order-fulfilment';

/** Rows one UPDATE moves: a pass repeats until fewer are left. */
export const ACTIVATION_BATCH = 500;

export function createMembershipActivationService(
  { db, clock }: Pick<ServiceDeps, 'db' | 'clock'>,
  { batchSize = ACTIVATION_BATCH }: { batchSize?: number } = {},
) {
  return {
    /**
     * Makes active every `ready` membership whose holder is known, whose season has started and
     * whose kept withdrawal period is over (a gift waits for its holder to be chosen); answers
     * how many this call moved.
     */
    async activateDue(): Promise<number> {
      const now = clock.now();
      const today = romeDate(now);
      // `withdrawal_ends_at` is domain/withdrawal.ts `withdrawalPeriodEnd`, stored at fulfilment: over once reached.
      const withdrawalOver = or(isNull(memberships.withdrawalEndsAt), lte(memberships.withdrawalEndsAt, now));
      const waiting = await db
        .selectDistinct({ season: memberships.season })
        .from(memberships)
        .where(and(eq(memberships.status, 'ready'), isNotNull(memberships.holder), withdrawalOver));
      const started = waiting.flatMap(({ season }) => (season !== null && hasSeasonStarted(season, today) ? [season] : []));
      const withoutSeason = waiting.some(({ season }) => season === null);
      if (started.length === 0 && !withoutSeason) return 0;
      const due = and(
        eq(memberships.status, 'ready'),
        isNotNull(memberships.holder),
        withdrawalOver,
        or(started.length > 0 ? inArray(memberships.season, started) : undefined, withoutSeason ? isNull(memberships.season) : undefined),
      );
      let activated = 0;
      for (;;) {
        const moved = await db.transaction(async (tx) => {
          const batch = tx.select({ id: memberships.id }).from(memberships).where(due).limit(batchSize).for('update', { skipLocked: true });
          const rows = await tx
            .update(memberships)
            .set({ status: 'active' })
            .where(and(inArray(memberships.id, batch), eq(memberships.status, 'ready')))
            .returning({ id: memberships.id, upgradeOf: memberships.upgradeOf });
          // An upgrade that waited for its withdrawal period replaces the old membership only now (order-fulfilment.ts).
          for (const { upgradeOf } of rows) if (upgradeOf !== null) await retireUpgraded(tx, upgradeOf);
          return rows;
        });
        activated += moved.length;
        if (moved.length < batchSize) return activated;
      }
    },
  };
}

export type MembershipActivationService = ReturnType<typeof createMembershipActivationService>;
