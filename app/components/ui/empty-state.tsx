import type { ReactNode } from 'react';
import { Link } from 'react-router';

type EmptyStateProps = {
  title: string;
  text: ReactNode;
  /** Where to go from nothing ("Browse the memberships"). */
  action?: { href: string; label: string };
  headingLevel?: 2 | 3;
};

/** What a list shows when it has nothing yet: a title, a sentence, the way on. */
export function EmptyState({ title, text, action, headingLevel = 2 }: EmptyStateProps) {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  return (
    <div className="empty-state">
      <Heading className="empty-state__title">{title}</Heading>
      <p>{text}</p>
      {action ? (
        <Link to={action.href} className="button button--primary">
          {action.label}
        </Link>
      ) : null}
    </div>
  );
}
