import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MeResponse } from '#shared/api.ts';
import type { ProfileUpdateInput } from '#shared/schemas/account.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { meQueryKey } from '../../../api/get-me.ts';

export function updateProfile(input: ProfileUpdateInput): Promise<MeResponse> {
  return callApi(API.updateMe, { body: input });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(meQueryKey, me),
  });
}
