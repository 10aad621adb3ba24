import type { ReactNode } from 'react';
import './bottom-navigation.css';

export interface BottomNavigationItem {
  key: string;
  label: string;
  icon?: ReactNode;
  active?: boolean;
  onSelect: () => void;
}

export interface BottomNavigationProps {
  /** Accessible name of the navigation landmark. */
  label: string;
  items: BottomNavigationItem[];
}

/** The fixed 70 px bottom menu of the organiser pages, the album list and the gallery. */
export function BottomNavigation({ label, items }: BottomNavigationProps) {
  return (
    <>
      <div className="mk-bottom-navigation-spacer" aria-hidden="true" />
      <nav className="mk-bottom-navigation" aria-label={label}>
        {items.map((item) => (
          <button
            key={item.key}
            type="button"
            className="mk-bottom-navigation__item"
            aria-current={item.active ? 'page' : undefined}
            onClick={item.onSelect}
          >
            {item.icon ? (
              <span className="mk-bottom-navigation__icon" aria-hidden="true">
                {item.icon}
              </span>
            ) : null}
            <span>{item.label}</span>
          </button>
        ))}
      </nav>
    </>
  );
}
