import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '#shared/api.ts';
import type { ReminderInput } from '#shared/schemas/reminder.ts';
import { API } from '#shared/routes.ts';
import { callApi } from '../../../api/client.ts';
import { remindersQueryKey } from '../../../api/get-reminders.ts';

/** A file's valid rows in one request; the server skips (and counts) those the user already has. */
export function importReminders(reminders: ReminderInput[]): Promise<ImportResult> {
  return callApi(API.importReminders, { body: { reminders } });
}

export function useImportReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importReminders,
    // The list is read again whatever the answer: an import that committed but failed afterwards is
    // finished by that read (decision 0021). No reminder page nor the savings change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: remindersQueryKey }),
  });
}
