/**
 * 'Did {provider} send your end-of-contract notice?': the answer kept on the reminder for the renewal
 * it is about, as the use case's rule makes it of the reminder read. Written over the version read
 * and only while the reminder is still on the renewal the answer is for, so an answer never lands on
 * the next term; the write moves the version on, so an outcome or the job's roll forward read before
 * it reads again and keeps the answer with the term that ends.
 */
import type { Reminder } from '../../../shared/api.ts';
import type { NoticeAnswer } from '../../../shared/reminder/noticeWatch.ts';
import { keys } from '../../../shared/table.ts';
import { itemKey } from '../db.ts';
import { overVersionRead } from '../overVersion.ts';
import { findReminder, reminderAt, writeAt } from './reminderHome.ts';

/**
 * The answer `decide` makes of the reminder read (the use case's rule, which throws its refusal),
 * kept; undefined when the caller does not see the reminder, or it is cancelled.
 */
export async function answerNotice(
  userId: string,
  id: string,
  decide: (read: { reminder: Reminder; answeredBy: string | null }) => NoticeAnswer,
  now = new Date(),
): Promise<NoticeAnswer | undefined> {
  return overVersionRead('answer_notice', async () => {
    const found = await findReminder(userId, id);
    if (!found) return undefined;
    const { home } = found;
    const reminder = reminderAt(home, found.item);
    if (reminder.archived_at !== null) return undefined;
    // A household's items name people only by membership id.
    const answer = decide({ reminder, answeredBy: home.household?.membershipId ?? null });
    // A shared reminder was last changed by the member who answered, as after any other change.
    const by = answer.answered_by === null ? '' : ', updated_by = :by';
    // Through the home's guards: the owner's account still there, a household's member still one.
    await writeAt(home, [
      {
        Update: {
          Key: itemKey(home.pk, keys.reminder(id)),
          ConditionExpression: '#version = :version AND renewal_date = :term',
          UpdateExpression: `SET notice_answer = :answer, #version = :now${by}`,
          ExpressionAttributeNames: { '#version': 'updated_at' },
          ExpressionAttributeValues: {
            ':version': reminder.updated_at,
            ':term': reminder.renewal_date,
            ':answer': answer,
            ':now': now.toISOString(),
            ...(answer.answered_by === null ? {} : { ':by': answer.answered_by }),
          },
        },
      },
    ]);
    return answer;
  });
}
