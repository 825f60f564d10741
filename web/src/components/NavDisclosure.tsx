import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router';
import type { NavItem } from '../config/routes.ts';
import { useDismiss } from '../hooks/useDismiss.ts';
import './NavDisclosure.css';

/** Links as list items; the current page's link is marked (aria-current, class 'active'). */
export function NavLinks({
  items,
  className,
  onNavigate,
}: {
  items: readonly NavItem[];
  className?: string;
  onNavigate?: () => void;
}) {
  return items.map((item) => (
    <li key={item.to}>
      <NavLink to={item.to} end className={className} onClick={onNavigate}>
        {item.label}
      </NavLink>
    </li>
  ));
}

/**
 * A navigation disclosure (WAI-ARIA APG "disclosure navigation menu"): a button with aria-expanded
 * that shows a list of links. Escape closes it and returns focus to the button; a click outside,
 * leaving it by Tab, following a link or a route change closes it. The classes set its look: by
 * default a dropdown on wide screens and a full-width list on small ones.
 */
export function NavDisclosure({
  label,
  items,
  icon,
  className = 'nav-disclosure',
  buttonClassName = 'nav-disclosure-button',
  listClassName = 'nav-disclosure-list',
  linkClassName,
}: {
  label: ReactNode;
  items: readonly NavItem[];
  icon?: ReactNode;
  className?: string;
  buttonClassName?: string;
  listClassName?: string;
  linkClassName?: string;
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
      className={className}
      onBlur={(event) => {
        if (open && !rootRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {icon}
        <span className="nav-disclosure-label">{label}</span>
        <span className="nav-caret" aria-hidden="true" />
      </button>
      <ul id={listId} className={listClassName} hidden={!open}>
        <NavLinks items={items} className={linkClassName} onNavigate={close} />
      </ul>
    </div>
  );
}
