import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PushDevices } from '#shared/push.ts';
import type { PushSubscriptionInput } from '#shared/push.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { thisDeviceId } from '../this-device.ts';

export const pushDevicesQueryKey = ['push-devices'] as const;

/** The account's devices, the stage's public key, and which device (if any) is this browser. */
export function usePushDevices() {
  return useQuery({
    queryKey: pushDevicesQueryKey,
    queryFn: async (): Promise<PushDevices & { thisDevice: string | null }> => {
      const [devices, thisDevice] = await Promise.all([callApi(API.listPushDevices), thisDeviceId()]);
      return { ...devices, thisDevice };
    },
  });
}

function useInvalidating<T, R>(mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushDevicesQueryKey }),
  });
}

export const useAddPushDevice = () =>
  useInvalidating((input: PushSubscriptionInput) => callApi(API.addPushDevice, { body: input }));

export const useRemovePushDevice = () =>
  useInvalidating((id: string) => callApi(API.removePushDevice, { params: { id } }));

export function useSendTestPush() {
  return useInvalidating(() => callApi(API.sendTestPush));
}

/** 'Send my reminders as notifications' on or off (the list's query carries the setting). */
export const useUpdatePushSettings = () =>
  useInvalidating((on: boolean) => callApi(API.updatePushSettings, { body: { push_reminders: on } }));
