/**
 * 'Done' on a 'This week' action: the window's mark joins the reminder's, for its current renewal.
 * Idempotent (marking it again changes nothing), and two marks at once both stay: the write is
 * conditional on the version and the number of marks read, and runs again on what is there when
 * either changed meanwhile.
 */
import { actionDoneKey, ACTIONS_DONE_MAX, doneFor } from '../../../shared/reminder/actions.ts';
import type { WindowKind } from '../../../shared/reminder/windows.ts';
import { keys } from '../../../shared/table.ts';
import { itemKey } from '../db.ts';
import { parseReminder } from '../items.ts';
import { overVersionRead } from '../overVersion.ts';
import { findReminder, writeAt } from './reminderHome.ts';

/** The marks after marking `kind` done; undefined when the reminder is not the caller's, or cancelled. */
export async function markActionDone(
  userId: string,
  id: string,
  kind: WindowKind,
): Promise<string[] | undefined> {
  return overVersionRead('mark_action_done', async () => {
    const found = await findReminder(userId, id);
    if (!found) return undefined;
    const reminder = parseReminder({ ...found.item, user_id: userId });
    if (reminder.archived_at !== null) return undefined;
    const key = actionDoneKey(reminder.renewal_date, kind);
    if (reminder.actions_done.includes(key)) return reminder.actions_done;
    // An earlier renewal's marks go (a roll or a new date already dropped them, unless written
    // before that rule), so the list stays within its bound.
    const marks = [...doneFor(reminder.actions_done, reminder.renewal_date), key].slice(-ACTIONS_DONE_MAX);
    const stored = Array.isArray(found.item.actions_done) ? found.item.actions_done.length : null;
    // Through the home's guards: the owner's account still there, a household's member still one.
    await writeAt(found.home, [
      {
        Update: {
          Key: itemKey(found.home.pk, keys.reminder(id)),
          ConditionExpression:
            '#version = :version AND ' +
            (stored === null ? 'attribute_not_exists(actions_done)' : 'size(actions_done) = :count'),
          UpdateExpression: 'SET actions_done = :marks',
          ExpressionAttributeNames: { '#version': 'updated_at' },
          ExpressionAttributeValues: {
            ':version': reminder.updated_at,
            ':marks': marks,
            ...(stored === null ? {} : { ':count': stored }),
          },
        },
      },
    ]);
    return marks;
  });
}
