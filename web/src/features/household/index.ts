/**
 * The household feature's public face: the Settings card (the join page is a route of its own), and
 * the members that shared reminders name (the dialog, the dashboard, the reminder page, Settings).
 */
export { HouseholdCard } from './components/HouseholdCard.tsx';
export { householdQueryKey, useHouseholdMembers } from './api/household.ts';
