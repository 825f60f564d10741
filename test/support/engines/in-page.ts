/**
 * What the engine-neutral driver runs inside the page, as source text (the root tsconfig has no DOM
 * types, and each engine's client takes a script as a string): the element finder by role and name,
 * by label or by text, the toasts' settling, and the order the engine's date fields are typed in.
 * Scripts handed in through WebDriver (BiDi or classic) are the browser's own, so the page's
 * Content-Security-Policy, which forbids eval, does not stop them.
 */

/** A text to find: a string matches the whole text (spaces collapsed), a RegExp any part of it. */
export type Matcher = string | RegExp;

/** The roles the journeys look for, each with the elements that have it without a role attribute. */
const IMPLICIT_ROLES = {
  alertdialog: '',
  button: 'button, input[type=button], input[type=submit]',
  checkbox: 'input[type=checkbox]',
  combobox: 'select',
  dialog: 'dialog',
  heading: 'h1, h2, h3, h4, h5, h6',
  link: 'a[href]',
  menuitem: '',
  radio: 'input[type=radio]',
  region: 'section[aria-label], section[aria-labelledby]',
  row: 'tr',
  tab: '',
  textbox: 'input:not([type]), input[type=text], input[type=email], input[type=password], textarea',
} as const;

export type Role = keyof typeof IMPLICIT_ROLES;

/**
 * An element: by role (and accessible name), by label (a form control whose label matches), or by
 * its own text; `within` narrows the search to inside another element found first.
 */
export interface Query {
  role?: Role;
  name?: Matcher;
  label?: Matcher;
  text?: Matcher;
  within?: Query;
}

type WireMatcher = { exact: string } | { source: string; flags: string };
interface WireQuery {
  role?: Role;
  name?: WireMatcher;
  label?: WireMatcher;
  text?: WireMatcher;
  within?: WireQuery;
}

const wireMatcher = (m: Matcher): WireMatcher =>
  typeof m === 'string' ? { exact: m } : { source: m.source, flags: m.flags };

function toWire(query: Query): WireQuery {
  return {
    role: query.role,
    name: query.name === undefined ? undefined : wireMatcher(query.name),
    label: query.label === undefined ? undefined : wireMatcher(query.label),
    text: query.text === undefined ? undefined : wireMatcher(query.text),
    within: query.within && toWire(query.within),
  };
}

/** How a query reads in a failure message. */
export function describeQuery(query: Query): string {
  const parts = Object.entries(query)
    .filter(([key, value]) => key !== 'within' && value !== undefined)
    .map(([key, value]) => `${key} ${String(value)}`);
  return `[${parts.join(', ')}]${query.within ? ` within ${describeQuery(query.within)}` : ''}`;
}

/**
 * The finder: the first element the query names that is rendered (not display:none, hidden or
 * visibility:hidden), or null. Names follow the accessible-name rules the journeys need:
 * aria-labelledby, aria-label, the control's <label>s, then its own text without aria-hidden parts.
 */
const FINDER = `(query, roles) => {
  const norm = (s) => (s || '').replace(/\\s+/g, ' ').trim();
  const test = (text, m) => ('exact' in m ? norm(text) === m.exact : new RegExp(m.source, m.flags).test(norm(text)));
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const ownText = (node) => {
    if (node.nodeType === 3) return node.textContent;
    if (node.nodeType !== 1 || node.getAttribute('aria-hidden') === 'true' || node.hidden) return '';
    if (node.tagName === 'IMG') return node.getAttribute('alt') || '';
    return [...node.childNodes].map(ownText).join('');
  };
  const byIds = (ids) => ids.split(/\\s+/).map((id) => ownText(document.getElementById(id) || document.createTextNode(''))).join(' ');
  const nameOf = (el) => {
    if (el.getAttribute('aria-labelledby')) return norm(byIds(el.getAttribute('aria-labelledby')));
    if (el.getAttribute('aria-label')) return norm(el.getAttribute('aria-label'));
    if (el.labels && el.labels.length) return norm([...el.labels].map(ownText).join(' '));
    if (el.tagName === 'INPUT' && (el.type === 'submit' || el.type === 'button')) return norm(el.value);
    return norm(ownText(el));
  };
  const find = (q, scope) => {
    const root = q.within ? find(q.within, scope) : scope;
    if (!root) return null;
    let candidates;
    if (q.role) {
      const implicit = roles[q.role];
      const selector = '[role="' + q.role + '"]' + (implicit ? ', ' + implicit : '');
      candidates = [...root.querySelectorAll(selector)].filter((el) => !el.hasAttribute('role') || el.getAttribute('role') === q.role);
    } else if (q.label) {
      candidates = [...root.querySelectorAll('input, select, textarea')];
    } else {
      // The innermost elements whose own text matches: an element whose child matches too is skipped.
      candidates = [...root.querySelectorAll('body *')].filter((el) => test(ownText(el), q.text) &&
        ![...el.children].some((child) => test(ownText(child), q.text)));
    }
    const named = candidates.filter((el) => shown(el) &&
      (!q.name || test(nameOf(el), q.name)) && (!q.label || test(nameOf(el), q.label)));
    return named[0] || null;
  };
  return find(query, document);
}`;

/** An expression evaluating to the element `query` finds, or null. */
export const findExpression = (query: Query): string =>
  `(${FINDER})(${JSON.stringify(toWire(query))}, ${JSON.stringify(IMPLICIT_ROLES)})`;

/**
 * True once every toast is fully shown and still: toasts fade in and move as the viewport changes,
 * and axe should measure the colours people see, not a frame of the animation.
 */
export const TOASTS_SETTLED = `[...document.querySelectorAll('[data-sonner-toast]')].every((t) =>
  getComputedStyle(t).opacity === '1' && t.getAnimations().every((a) => a.playState !== 'running'))`;

/** Whether the element (the function's argument) has the same box in two animation frames running. */
export const STABLE = `(el) => new Promise((resolve) => requestAnimationFrame(() => {
  const a = el.getBoundingClientRect();
  requestAnimationFrame(() => {
    const b = el.getBoundingClientRect();
    resolve(a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height);
  });
}))`;

/** Sideways scrolling, in CSS pixels (0 when nothing overflows the viewport). */
export const HORIZONTAL_OVERFLOW =
  'document.documentElement.scrollWidth - document.documentElement.clientWidth';
