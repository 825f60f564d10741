import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationInput } from '#shared/household.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

export const householdQueryKey = ['household'] as const;
const PREVIEW_KEY = 'household-invitation';

/** The caller's household (members, pending invitations), or null. */
export const useHousehold = () =>
  useQuery({ queryKey: householdQueryKey, queryFn: () => callApi(API.getHousehold) });

/**
 * A change of the household. `everything`: the caller joins or leaves, so the household's shared
 * reminders and savings come or go: every answer is read again, not only the household.
 */
function useChangingHousehold<T, R>(mutationFn: (input: T) => Promise<R>, everything = false) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      queryClient.invalidateQueries(
        // (Not the join page's preview: read again, a used invitation would flash 'already used'.)
        everything ? { predicate: (q) => q.queryKey[0] !== PREVIEW_KEY } : { queryKey: householdQueryKey },
      ),
  });
}

export const useInvite = () =>
  useChangingHousehold((input: InvitationInput) => callApi(API.inviteToHousehold, { body: input }));

export const useCancelInvitation = () =>
  useChangingHousehold((id: string) => callApi(API.cancelInvitation, { params: { id } }));

export const useRemoveMember = () =>
  useChangingHousehold((id: string) => callApi(API.removeHouseholdMember, { params: { id } }));

export const useLeaveHousehold = () => useChangingHousehold(() => callApi(API.leaveHousehold), true);

export const useJoinHousehold = () =>
  useChangingHousehold((token: string) => callApi(API.joinHousehold, { body: { token } }), true);

/** What the join page shows for its token: read only, never retried (a wrong token stays wrong). */
export const useInvitationPreview = (token: string) =>
  useQuery({
    queryKey: [PREVIEW_KEY, token],
    queryFn: () => callApi(API.previewInvitation, { body: { token } }),
    retry: false,
  });

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
