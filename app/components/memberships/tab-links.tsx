import { Link } from 'react-router';

export type TabLink = { key: string; href: string; label: string; current: boolean };

/**
 * Tabs as links (DESIGN §5: `?tab=`, no JavaScript needed): a labelled navigation whose current
 * link is marked `aria-current="page"`, since each tab is a page address of its own.
 */
export function TabLinks({ label, tabs }: { label: string; tabs: readonly TabLink[] }) {
  return (
    <nav aria-label={label} className="tab-links">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link to={tab.href} aria-current={tab.current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
