/**
 * The renewal inbox's answers and changes. The dashboard shows the inbox on its first paint, so the
 * routes are named by type (`callApi<typeof API.x>`): importing `API` would bring zod with every
 * route's schemas (docs/architecture.md). Every change reads the inbox again.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Inbox, InboxUpload } from '#shared/inbox/items.ts';
import type { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';

export const inboxQueryKey = ['inbox'] as const;

/** While a mail is being read its item says 'Reading…': the inbox is read again this often until it is done. */
const READING_POLL_MS = 3000;

/** 'Your renewal inbox' and 'From your inbox': the address and the items, newest first. */
export function useInbox() {
  return useQuery({
    queryKey: inboxQueryKey,
    queryFn: () => callApi<typeof API.getInbox>({ method: 'GET', path: '/api/inbox/me' }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'processing') ? READING_POLL_MS : false,
  });
}

const readInboxAgain = (client: QueryClient) => client.invalidateQueries({ queryKey: inboxQueryKey });

/** 'Reset address': the new address shows at once. */
export function useResetInboxAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callApi<typeof API.resetInboxAddress>({ method: 'POST', path: '/api/inbox/address' }),
    onSuccess: ({ address }) => {
      client.setQueryData<Inbox>(inboxQueryKey, (inbox) => inbox && { ...inbox, address });
      return readInboxAgain(client);
    },
  });
}

/** Takes an item out of the kept inbox at once: it has gone on the server. */
export const withoutItem = (client: QueryClient, id: string) =>
  client.setQueryData<Inbox>(
    inboxQueryKey,
    (inbox) => inbox && { ...inbox, items: inbox.items.filter((item) => item.id !== id) },
  );

/** 'Dismiss', and after 'Add reminder' has made the reminder. */
export function useDismissInboxItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      callApi<typeof API.dismissInboxItem>(
        { method: 'DELETE', path: '/api/inbox/items/{id}' },
        { params: { id } },
      ),
    onSuccess: (_answer, id) => {
      withoutItem(client, id);
      return readInboxAgain(client);
    },
  });
}

/** 'Upload a letter': read at once; the answer is the item with what was found. */
export function useUploadToInbox() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: InboxUpload) =>
      callApi<typeof API.uploadToInbox>({ method: 'POST', path: '/api/inbox-uploads' }, { body }),
    onSettled: () => readInboxAgain(client),
  });
}
