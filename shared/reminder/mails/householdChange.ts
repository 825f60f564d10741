import { mailKind } from './kind.ts';

/**
 * To a household's members when one joins or leaves: once per change, which its dedupe key names
 * (the membership and what happened).
 */
export const householdChange = {
  ...mailKind({ type: 'household_change', label: 'Household' }),
  dedupeKey: (membershipId: string, change: 'joined' | 'left' | 'removed') =>
    `household_change#${membershipId}#${change}`,
};
