import { useQuery } from '@tanstack/react-query';
import type { Household } from '#shared/household.ts';
import type { HouseholdNote, HouseholdRecord } from '#shared/householdNotes.ts';
import type { API } from '#shared/routes.ts';
import { callApi } from './client.ts';

/**
 * The caller's household, read by several features (Settings' card, and the dashboard, the reminder
 * page and the dialog, which name shared reminders' people). Here, not in the household feature, and
 * the route named by type: the dashboard's first paint must not bring zod or the Settings card.
 */
export const householdQueryKey = ['household'] as const;

export function getHousehold(): Promise<{
  household: Household | null;
  notes: HouseholdNote[];
  record: HouseholdRecord | null;
}> {
  return callApi<typeof API.getHousehold>({ method: 'GET', path: '/api/household/me' });
}

/** The caller's household (members, pending invitations), or null. */
export const useHousehold = () => useQuery({ queryKey: householdQueryKey, queryFn: getHousehold });

/**
 * What shared reminders need of the household: its members (null when the caller is in none, or
 * it could not be read: then nothing shared is offered or named) and the caller's membership id.
 */
export function useHouseholdMembers() {
  const household = useHousehold();
  const members = household.data?.household?.members ?? null;
  return {
    isPending: household.isPending,
    members,
    myMembershipId: members?.find((m) => m.is_you)?.membership_id ?? null,
  };
}
