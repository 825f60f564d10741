/** 'Snooze 3 days': the reminder's next mail and push go three days later. Undefined: no such reminder. */
import * as store from '../../store/reminders/index.ts';

export function snoozeReminder(userId: string, id: string, now?: Date) {
  return store.snoozeReminder(userId, id, now);
}
