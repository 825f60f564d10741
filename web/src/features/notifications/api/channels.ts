/**
 * The alert channels' answers and changes (Telegram, ntfy, the webhook): one query holds them all,
 * and every change writes its answer into it at once, then reads the channels again. A webhook's
 * signing secret comes back from its save or rotation only: it is handed to the caller and never
 * kept in the query's data.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Channel, ChannelKind, Channels } from '#shared/channels/kinds.ts';
import type { NtfySettings, WebhookSettings } from '#shared/channels/inputs.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

export const channelsQueryKey = ['channels'] as const;

/** While a Telegram link waits for Start to be pressed, the channels are read this often. */
export const TELEGRAM_POLL_MS = 3000;

const getChannels = () => callApi(API.getChannels);

/** The channels as set up. */
export function useChannels() {
  return useQuery({ queryKey: channelsQueryKey, queryFn: getChannels });
}

/**
 * While `active`, reads the channels again every TELEGRAM_POLL_MS, and only while the page is
 * visible (the interval is held back while the document is hidden). Idle, it reads nothing: it
 * does not even read them on mount, which the card has just done.
 */
export function usePollChannels(active: boolean) {
  useQuery({
    queryKey: channelsQueryKey,
    queryFn: getChannels,
    enabled: active,
    refetchInterval: active ? TELEGRAM_POLL_MS : false,
    refetchIntervalInBackground: false,
  });
}

const readAgain = (client: QueryClient) => client.invalidateQueries({ queryKey: channelsQueryKey });

/** Puts one channel's new state (or its absence) into the kept channels. */
const keep = (client: QueryClient, kind: ChannelKind, channel: Channel | null) =>
  client.setQueryData<Channels>(channelsQueryKey, (channels) => channels && { ...channels, [kind]: channel });

/** 'Connect Telegram': a one-time link to the bot. */
export function useConnectTelegram() {
  return useMutation({ mutationFn: () => callApi(API.connectTelegram) });
}

export function useSaveNtfy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: NtfySettings) => callApi(API.saveNtfyChannel, { body }),
    onSuccess: ({ channel }) => keep(client, 'ntfy', channel),
    onSettled: () => readAgain(client),
  });
}

/** Saving the webhook: its answer carries the new secret (null when the address only changed). */
export function useSaveWebhook() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WebhookSettings) => callApi(API.saveWebhookChannel, { body }),
    onSuccess: ({ channel }) => keep(client, 'webhook', channel),
    onSettled: () => readAgain(client),
  });
}

export function useRotateWebhookSecret() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API.rotateWebhookSecret),
    onSuccess: ({ channel }) => keep(client, 'webhook', channel),
    onSettled: () => readAgain(client),
  });
}

/** 'Send a test': the answer says what the service did; a 'gone' answer turned the channel off. */
export function useTestChannel(kind: ChannelKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API.testChannel, { params: { kind } }),
    onSettled: () => readAgain(client),
  });
}

/** 'Disconnect' / 'Remove'. */
export function useRemoveChannel(kind: ChannelKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(API.removeChannel, { params: { kind } }),
    onSuccess: () => keep(client, kind, null),
    onSettled: () => readAgain(client),
  });
}
