/**
 * Polls until `check` holds, for what a shop does in the background (a webhook delivered, a
 * database back). The deadline only bounds a hang and names it; it times nothing.
 */
export async function eventually(check: () => Promise<boolean>, what: string, { deadlineMs = 30_000, everyMs = 200 } = {}): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`never happened: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
