import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Reminder } from '#shared/api.ts';
import type { ReminderInput } from '#shared/schemas/reminder.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { reminderQueryKey } from '../../../api/get-reminder.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';

export interface SaveReminderVariables {
  /** Absent: create; present: update that reminder. */
  id?: string;
  input: ReminderInput;
}

export function saveReminder({ id, input }: SaveReminderVariables): Promise<{ reminder: Reminder }> {
  return id
    ? callApi(API.updateReminder, { params: { id }, body: input })
    : callApi(API.createReminder, { body: input });
}

export function useSaveReminder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReminder,
    // The list, and any reminder page open (its details and next e-mail).
    onSuccess: () =>
      Promise.all(
        [remindersQueryKey, reminderQueryKey(undefined).slice(0, 1)].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
