import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InvitationInput } from '#shared/household.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { householdQueryKey } from '../../../api/get-household.ts';

export { householdQueryKey, useHousehold } from '../../../api/get-household.ts';

const PREVIEW_KEY = 'household-invitation';

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

/** 'Dismiss' beside a note of the Household card. */
export const useDismissNote = () =>
  useChangingHousehold((id: string) => callApi(API.dismissHouseholdNote, { params: { id } }));

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

/** 'Share these with your household?': the chosen reminders move into the household; every list is read again. */
export const useShareReminders = () =>
  useChangingHousehold((ids: string[]) => callApi(API.shareReminders, { body: { ids } }), true);
