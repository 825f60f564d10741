/**
 * 'Did {provider} send your end-of-contract notice?': the answer kept on the reminder for the renewal
 * it is about (shared/reminder/noticeWatch.ts). Written over the version read and only while the
 * reminder is still on the renewal the caller was shown, so an answer never lands on the next term;
 * the write moves the version on, so an outcome or the job's roll forward read before it reads again
 * and keeps the answer with the term that ends.
 */
import type { NoticeAnswer } from '../../../shared/reminder/noticeWatch.ts';
import { noticeDueDate } from '../../../shared/reminder/noticeWatch.ts';
import type { NoticeAnswerInput } from '../../../shared/reminder/noticeSchemas.ts';
import { keys } from '../../../shared/table.ts';
import { itemKey } from '../db.ts';
import { overVersionRead } from '../overVersion.ts';
import { NoticeRefusal } from './refusals.ts';
import { findReminder, reminderAt, writeAt } from './reminderHome.ts';

/** The answer kept; undefined when the caller does not see the reminder, or it is cancelled. */
export async function answerNotice(
  userId: string,
  id: string,
  input: NoticeAnswerInput,
  now = new Date(),
): Promise<NoticeAnswer | undefined> {
  return overVersionRead('answer_notice', async () => {
    const found = await findReminder(userId, id);
    if (!found) return undefined;
    const { home } = found;
    const reminder = reminderAt(home, found.item);
    if (reminder.archived_at !== null) return undefined;
    if (noticeDueDate(reminder) === null) throw new NoticeRefusal('no_notice', reminder.renewal_date);
    // Asked about a renewal that is no longer the reminder's: nothing is kept for the one after.
    if (input.renewal_date !== reminder.renewal_date)
      throw new NoticeRefusal('moved_on', reminder.renewal_date);
    const answer: NoticeAnswer = {
      answer: input.answer,
      renewal_date: reminder.renewal_date,
      answered_at: now.toISOString(),
      // A household's items name people only by membership id.
      answered_by: home.household?.membershipId ?? null,
    };
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
