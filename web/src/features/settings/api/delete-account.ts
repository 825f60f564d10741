import { useMutation } from '@tanstack/react-query';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

export function deleteAccount(): Promise<void> {
  return callApi(API.deleteMe);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
