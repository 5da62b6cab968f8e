import { Link } from 'react-router';

export type Tab<Id extends string = string> = {
  id: Id;
  label: string;
  href: string;
};

/**
 * Tabs as links (DESIGN §5; addresses from `domain/tabs`): a labelled navigation whose current
 * link is marked `aria-current="page"`, since each tab is an address of its own. Works without
 * JavaScript; with it, changing tab keeps the scroll position.
 */
export function Tabs<Id extends string>({ label, tabs, current }: { label: string; tabs: readonly Tab<Id>[]; current: Id }) {
  return (
    <nav aria-label={label} className="tabs">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link to={tab.href} preventScrollReset className="tabs__tab" aria-current={tab.id === current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
