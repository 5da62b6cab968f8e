import type { ReactNode } from 'react';

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'danger';

/**
 * A short label on something ("New", "Sold out", "Active"). The words carry the meaning; the
 * tone only repeats it in colour, so a badge is never colour alone.
 */
export function Badge({ tone = 'neutral', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`badge badge--${tone}`}>{children}</span>;
}
