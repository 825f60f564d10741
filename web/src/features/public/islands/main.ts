/**
 * The landing page's only script. The page is static HTML from the build (web/build/prerender.ts);
 * this adds what moves: the Categories menu, the smooth scroll to the categories, the promotion's
 * count, and for a browser that holds a session the Dashboard buttons and, for an admin, the Admin
 * menu and footer strip. React, the router and the signed-in app load on the pages that need them.
 */
import { ROUTES } from '#shared/pages.ts';
import { fetchIsAdmin, storedAuthUser } from '../../auth/islands.ts';
import { fetchPromotion, promotionText } from '../content/promotion.ts';
import { enhanceDisclosure } from './disclosure.ts';

/** The element the build wrote into a <template id=…> (the admin's menu and strip). */
function fromTemplate(id: string): HTMLElement | null {
  const template = document.getElementById(id);
  if (!(template instanceof HTMLTemplateElement)) return null;
  return template.content.firstElementChild?.cloneNode(true) as HTMLElement | null;
}

function smoothScrollToCategories(link: HTMLAnchorElement): void {
  link.addEventListener('click', (event) => {
    event.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const target = document.getElementById('categories');
    target?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth' });
    target?.focus({ preventScroll: true });
    window.history.replaceState(window.history.state, '', '#categories');
  });
}

/** A signed-in visitor: every sign-up button reads Dashboard, and the header has one, as on the other pages. */
function showSignedIn(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-sign-up]')) {
    link.href = ROUTES.dashboard.path;
    link.textContent = ROUTES.dashboard.title;
  }
  document.querySelector('.site-nav .nav-cta-small')?.remove();
  const wide = document.querySelector<HTMLAnchorElement>('.site-nav .nav-cta-wide');
  if (wide) {
    wide.href = ROUTES.dashboard.path;
    wide.textContent = ROUTES.dashboard.title;
    wide.className = 'btn btn-primary btn-sm';
  }
}

function showAdmin(): void {
  const menu = fromTemplate('admin-menu');
  const strip = fromTemplate('admin-strip');
  const categories = document.querySelector('.site-nav .nav-categories');
  if (menu && categories) {
    categories.after(menu);
    enhanceDisclosure(menu);
  }
  if (strip) document.querySelector('.site-footer .footer-bottom')?.before(strip);
}

for (const root of document.querySelectorAll<HTMLElement>('.site-nav .nav-disclosure'))
  enhanceDisclosure(root);
const categoriesLink = document.querySelector<HTMLAnchorElement>('a[href="#categories"]');
if (categoriesLink) smoothScrollToCategories(categoriesLink);

/**
 * After the page's first paint: the next frame, then a task. What asks the network waits for it, so
 * nothing the page fetches is counted as needed to paint it (Lighthouse's simulated LCP counts every
 * request that started before the paint).
 */
function afterFirstPaint(run: () => void): void {
  requestAnimationFrame(() => setTimeout(run, 0));
}

const note = document.querySelector('.promotion-note');
if (note) {
  afterFirstPaint(() => {
    void fetchPromotion().then((promotion) => {
      if (promotion) note.textContent = promotionText(promotion);
    });
  });
}

if (storedAuthUser() !== null) {
  showSignedIn();
  afterFirstPaint(() => {
    void fetchIsAdmin().then((isAdmin) => {
      if (isAdmin) showAdmin();
    });
  });
}
