/**
 * The seven reminder categories, their labels and lead intervals: the days before the renewal date
 * on which a reminder mail goes. Every category also mails on the day itself (0).
 */
export const CATEGORIES = [
  { value: 'mortgage', label: 'Mortgage', leadDays: [90, 60, 30, 14, 7, 0] },
  { value: 'insurance', label: 'Insurance', leadDays: [30, 14, 7, 1, 0] },
  { value: 'credit_cards', label: 'Credit Cards (promos)', leadDays: [60, 30, 14, 7, 0] },
  { value: 'utilities_energy', label: 'Utilities & Energy', leadDays: [30, 14, 7, 1, 0] },
  { value: 'broadband_mobile', label: 'Broadband & Mobile', leadDays: [30, 14, 7, 1, 0] },
  { value: 'subscriptions', label: 'Subscriptions', leadDays: [14, 7, 1, 0] },
  { value: 'car_tax_mot', label: 'Car Tax / MOT', leadDays: [30, 14, 7, 0] },
] as const;

export type Category = (typeof CATEGORIES)[number]['value'];

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]];

export const DEFAULT_CATEGORY: Category = 'mortgage';

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value.replaceAll('_', ' ');
}

export function leadDaysFor(value: Category): readonly number[] {
  const found = CATEGORIES.find((c) => c.value === value);
  if (!found) throw new Error(`Unknown category ${value}`);
  return found.leadDays;
}

/**
 * The lead days of a monthly charge: one mail 3 days before each charge (in that morning's digest).
 * A category's intervals suit a yearly renewal; applied monthly they would mail four or five times a
 * month about the same £10 (docs/product.md, 'Monthly charges').
 */
export const MONTHLY_LEAD_DAYS: readonly number[] = [3];

/**
 * A reminder's lead days: its own when the owner chose them, else a monthly charge's, else its
 * category's. The one place this rule lives.
 */
export function leadDaysOf(reminder: {
  category: Category;
  lead_days?: readonly number[] | null;
  repeats?: string;
}): readonly number[] {
  if (reminder.lead_days) return reminder.lead_days;
  return reminder.repeats === 'monthly' ? MONTHLY_LEAD_DAYS : leadDaysFor(reminder.category);
}
