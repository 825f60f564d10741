/**
 * The notice answer as the API takes it (reminder/noticeWatch.ts has the rules): one of the three
 * answers, and the renewal it is for (the one the page showed), so an answer sent after the reminder
 * moved on is refused rather than kept for the next term. Apart from the rules, which the dashboard
 * runs without zod.
 */
import * as z from 'zod';
import { isoDate } from './realDate.ts';
import { NOTICE_ANSWER_VALUES } from './noticeWatch.ts';

export const NOTICE_MESSAGES = {
  answerInvalid: 'Choose Yes, Yes, and here it is, or No',
  noNotice: 'This reminder has no end-of-contract notice to ask about',
} as const;

export const noticeAnswerInputSchema = z.object({
  answer: z.enum(NOTICE_ANSWER_VALUES, { error: NOTICE_MESSAGES.answerInvalid }),
  renewal_date: isoDate,
});
export type NoticeAnswerInput = z.infer<typeof noticeAnswerInputSchema>;

/** The answer as an item keeps it; one that no longer reads (a hand-edited item) reads as none. */
export const storedNoticeAnswerSchema = z
  .object({
    answer: z.enum(NOTICE_ANSWER_VALUES),
    renewal_date: z.string(),
    answered_at: z.string(),
    answered_by: z.string().nullable().default(null),
  })
  .nullable()
  .default(null)
  .catch(null);
