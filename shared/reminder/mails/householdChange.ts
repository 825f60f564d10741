import { mailKind } from './kind.ts';

/** To a household's members when one joins or leaves. */
export const householdChange = mailKind({ type: 'household_change', label: 'Household' });
