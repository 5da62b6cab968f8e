import * as z from 'zod/mini';

/**
 * The withdrawal pages' input (issue 31; docs/forms.md "Right of withdrawal"): the order items
 * chosen (`item`, repeated, each an order item's uuid) in the confirmation page's query and in
 * its POST, and the POST's `key` (a uuid the page made: the withdrawal's idempotency key).
 * Read straight from the query or the form (`getAll`), not through conform: nothing is typed,
 * so nothing is shown again but the error summary.
 */
export const MAX_WITHDRAWAL_ITEMS = 50;

export const WITHDRAWAL_MESSAGES = {
  nothingChosen: 'orders:withdrawal.errors.nothingChosen',
  badChoice: 'orders:withdrawal.errors.badChoice',
  tooMany: 'orders:withdrawal.errors.tooMany',
  badKey: 'orders:withdrawal.errors.badKey',
} as const;

export type WithdrawalMessage = (typeof WITHDRAWAL_MESSAGES)[keyof typeof WITHDRAWAL_MESSAGES];

// The longest uuid written; a longer value is refused before zod reads it (never echoed).
const UUID_LENGTH = 36;

const itemIds = z
  .array(z.string().check(z.maxLength(UUID_LENGTH, { error: WITHDRAWAL_MESSAGES.badChoice }), z.uuid({ error: WITHDRAWAL_MESSAGES.badChoice })))
  .check(z.minLength(1, { error: WITHDRAWAL_MESSAGES.nothingChosen }), z.maxLength(MAX_WITHDRAWAL_ITEMS, { error: WITHDRAWAL_MESSAGES.tooMany }));

export const withdrawalChoiceSchema = z.object({ item: itemIds });

export const withdrawalConfirmSchema = z.object({
  item: itemIds,
  key: z.string({ error: WITHDRAWAL_MESSAGES.badKey }).check(z.maxLength(UUID_LENGTH, { error: WITHDRAWAL_MESSAGES.badKey }), z.uuid({ error: WITHDRAWAL_MESSAGES.badKey })),
});

/** The first problem found (its field: what the error summary links to). */
export type WithdrawalProblem<Field extends 'item' | 'key'> = { ok: false; field: Field; message: WithdrawalMessage };

type Source = { getAll(name: string): (string | File)[]; get(name: string): string | File | null };

/** The distinct chosen ids, in the order sent (a repeated id counts once). */
function chosenOf(source: Source): unknown[] {
  const values = source.getAll('item');
  return values.every((value) => typeof value === 'string') ? [...new Set(values)] : values;
}

function firstProblem<Field extends 'item' | 'key'>(error: z.core.$ZodError): { field: Field; message: WithdrawalMessage } {
  const issue = error.issues[0];
  const field = (issue?.path[0] === 'key' ? 'key' : 'item') as Field;
  const known = Object.values(WITHDRAWAL_MESSAGES) as string[];
  const message = issue && known.includes(issue.message) ? (issue.message as WithdrawalMessage) : field === 'key' ? WITHDRAWAL_MESSAGES.badKey : WITHDRAWAL_MESSAGES.badChoice;
  return { field, message };
}

/** The confirmation page's query (or the confirmation's POST): `item` repeated. */
export function parseWithdrawalChoice(source: Source): { ok: true; itemIds: string[] } | WithdrawalProblem<'item'> {
  const parsed = z.safeParse(withdrawalChoiceSchema, { item: chosenOf(source) });
  return parsed.success ? { ok: true, itemIds: parsed.data.item } : { ok: false, ...firstProblem<'item'>(parsed.error) };
}

/** The confirmation's POST: `item` repeated and `key`. */
export function parseWithdrawalConfirmation(form: FormData): { ok: true; itemIds: string[]; key: string } | WithdrawalProblem<'item' | 'key'> {
  const key = form.get('key');
  const parsed = z.safeParse(withdrawalConfirmSchema, { item: chosenOf(form), key: typeof key === 'string' ? key : undefined });
  return parsed.success ? { ok: true, itemIds: parsed.data.item, key: parsed.data.key } : { ok: false, ...firstProblem<'item' | 'key'>(parsed.error) };
}
