/**
 * 'Update {reminder}': apart from the inbox's other calls because it reads the reminder's page again,
 * whose module brings every route's schemas; only the (lazy) confirm dialog imports it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InboxApply } from '#shared/inbox/items.ts';
import type { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { reminderQueryKey } from '../../../api/get-reminder.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';
import { inboxQueryKey, withoutItem } from './inbox.ts';

/** 'Update {reminder}', as confirmed: the reminder changes too, in the list and on its own page. */
export function useApplyInboxItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: InboxApply }) =>
      callApi<typeof API.applyInboxItem>(
        { method: 'POST', path: '/api/inbox/items/{id}/apply' },
        { params: { id }, body },
      ),
    onSuccess: (_answer, { id, body }) => {
      withoutItem(client, id);
      return Promise.all(
        [inboxQueryKey, remindersQueryKey, reminderQueryKey(body.reminder_id)].map((queryKey) =>
          client.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}
