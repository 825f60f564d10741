/** 'Done' on a 'This week' action: the marks kept on the reminder. Undefined: no such reminder. */
import * as store from '../../store/reminders/index.ts';

export function markActionDone(...args: Parameters<typeof store.markActionDone>) {
  return store.markActionDone(...args);
}
