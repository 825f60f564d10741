/**
 * The five category pages: just what the menus, the footer and the landing cards need. Their long
 * copy is in category-pages.json, which loads with the page itself.
 */
import { categoryPath, type CategorySlug } from '#shared/pages.ts';

export { categoryPath, type CategorySlug };

export interface CategoryLink {
  slug: CategorySlug;
  name: string;
  /** One line for the landing page's category card. */
  blurb: string;
}

export const CATEGORY_LINKS: readonly CategoryLink[] = [
  {
    slug: 'car-insurance',
    name: 'Car Insurance',
    blurb: 'Renewal quotes rise by 27% on average. Get reminded in time to compare before you auto-renew.',
  },
  {
    slug: 'broadband-mobile',
    name: 'Broadband & Mobile',
    blurb: 'Out-of-contract customers lose around £325 a year. Know the day your minimum term ends.',
  },
  {
    slug: 'energy',
    name: 'Energy',
    blurb: 'When a fixed deal ends you can pay £200–£400 more a year. Switch before it rolls over.',
  },
  {
    slug: 'subscriptions',
    name: 'Subscriptions',
    blurb: 'Households waste about £300 a year on subscriptions. Cancel before the next charge, not after.',
  },
  {
    slug: 'mortgages',
    name: 'Mortgages',
    blurb: 'Remortgaging on time typically saves £1,200–£2,500. Start early, with alerts from 90 days out.',
  },
];

/** The category pages as menu links. */
export const CATEGORY_MENU = CATEGORY_LINKS.map((c) => ({ to: categoryPath(c.slug), label: c.name }));
