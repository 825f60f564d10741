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
