import { useId } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import {
  NOTICE_ANSWERS,
  noticeAnswerLine,
  noticeQuestion,
  type NoticeAnswerValue,
} from '#shared/reminder/noticeWatch.ts';
import { inboxUploadPath } from '../../../config/routes.ts';
import { errorMessage } from '../../../utils/errorMessage.ts';
import { useAnswerNotice } from '../api/answer-notice.ts';
import './NoticeQuestion.css';

/** The reminder page's notice card's id: the dashboard's 'No' opens the page there. */
export const NOTICE_SECTION_ID = 'end-of-contract-notice';

/**
 * 'Did {provider} send your end-of-contract notice?' and its three answers, each kept for the
 * renewal shown. 'Yes' is kept; 'Yes, and here it is' is kept and opens Settings' 'Upload a letter',
 * so the letter reaches the renewal inbox; 'No' is kept and `onNo` shows what to do (the dashboard
 * opens the reminder's page, whose notice card lists the routes). The buttons are a group named by
 * the question, so a list of several still says which reminder each 'Yes' is for.
 */
export function NoticeQuestion({
  reminder,
  onNo,
  onAnswered,
  small = false,
}: {
  reminder: Reminder;
  onNo?: () => void;
  onAnswered?: () => void;
  small?: boolean;
}) {
  const id = useId();
  const navigate = useNavigate();
  const answer = useAnswerNotice();
  const question = noticeQuestion(reminder);

  const give = (value: NoticeAnswerValue) => {
    answer.mutate(
      { id: reminder.id, answer: value, renewalDate: reminder.renewal_date },
      {
        onSuccess: () => {
          onAnswered?.();
          if (value === 'yes_with_letter') void navigate(inboxUploadPath);
          else if (value === 'no') onNo?.();
          else toast.success('Thanks', { description: noticeAnswerLine(reminder, value) });
        },
        onError: (error) => toast.error('Error', { description: errorMessage(error) }),
      },
    );
  };

  return (
    <div className="notice-question" role="group" aria-labelledby={id}>
      <p id={id} className="notice-question-text">
        {question}
      </p>
      <div className="notice-question-answers">
        {NOTICE_ANSWERS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            className={`btn ${value === 'no' ? 'btn-outline' : 'btn-primary'}${small ? ' btn-sm' : ''}`}
            disabled={answer.isPending}
            onClick={() => give(value)}
          >
            {label}
          </button>
        ))}
      </div>
    </div>
  );
}
