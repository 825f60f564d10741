import { CATEGORY_VALUES, type Category } from '#shared/reminder/categories.ts';
import { RIGHTS, withWho } from '#shared/rights/rules.ts';

/**
 * One line per category: the UK rule that matters most when it renews, which is the first of the
 * category's rights (shared/rights/rules.ts, sourced in docs/uk-renewal-rules.md), said with who
 * sets it. The reminder page lists them all.
 */
export const UK_TIPS = Object.fromEntries(
  CATEGORY_VALUES.map((category) => [category, withWho(RIGHTS[category][0]!)]),
) as Record<Category, string>;
