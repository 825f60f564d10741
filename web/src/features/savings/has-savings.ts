import type { SavingsSummary } from '#shared/api.ts';

/**
 * Whether there are savings to tell: the member's own, or their household's shared ones. The
 * dashboard's summary and 'Your savings' show themselves by the same rule, so they never disagree.
 */
export const hasSavings = (savings: SavingsSummary | undefined) =>
  (savings?.total ?? 0) > 0 || (savings?.household_total ?? 0) > 0;
