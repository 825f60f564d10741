import { useEffect, useId, useRef, useState, type ReactNode, useCallback } from 'react';
import { Link, useLocation } from 'react-router';
import { useDismiss } from '../lib/useDismiss.ts';

export interface NavItem {
  to: string;
  label: string;
}

/**
 * A navigation disclosure (WAI-ARIA APG "disclosure navigation menu"): a button with aria-expanded
 * that shows a list of links. A dropdown on wide screens, a full-width collapsible list on small ones
 * (CSS). Escape closes it and returns focus; a click outside, leaving it by Tab, following a link or
 * a route change closes it.
 */
export function NavDisclosure({
  label,
  items,
  icon,
  className = '',
}: {
  label: string;
  items: readonly NavItem[];
  icon?: ReactNode;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const { pathname } = useLocation();

  useEffect(() => setOpen(false), [pathname]);

  useDismiss(open, close, rootRef, buttonRef);

  return (
    <div
      ref={rootRef}
      className={`nav-disclosure ${className}`}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="nav-disclosure-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {icon}
        <span className="nav-disclosure-label">{label}</span>
        <span className="nav-caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="nav-disclosure-list" hidden={!open}>
        {items.map((item) => (
          <li key={item.to}>
            <Link to={item.to} onClick={() => setOpen(false)}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
