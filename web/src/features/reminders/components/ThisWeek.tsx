import { DateTime } from 'luxon';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Reminder } from '#shared/api.ts';
import { actionsDue, isWindowKind, type DueAction } from '#shared/reminder/actions.ts';
import { addDays } from '#shared/reminder/schedule.ts';
import { reminderPath, savingsPath } from '../../../config/routes.ts';
import { useMarkActionDone } from '../api/mark-action-done.ts';
import './ThisWeek.css';

/** 'Today', 'Tomorrow', or the day in words ('Mon 7 Dec'); a passed one says so ('Since Mon 30 Nov'). */
function dayOf(date: string, today: string): string {
  if (date === today) return 'Today';
  if (date === addDays(today, 1)) return 'Tomorrow';
  const words = DateTime.fromISO(date).setLocale('en-GB').toFormat('ccc d LLL');
  return date < today ? `Since ${words}` : words;
}

/**
 * 'What to do this week', at the top of the dashboard: the actions due now and in the next 7 days,
 * from the reminders' action windows (the best day for quotes, a lock-in window opening, a notice
 * due) and the answers they need, each with its day and one tap to do it: 'Done' for a window,
 * the answer's own page or question otherwise; on 1 March, April's price rise with the reminder's
 * page. Nothing due: the card is not shown.
 */
export function ThisWeek({
  reminders,
  today,
  onAnswer,
}: {
  reminders: readonly Reminder[];
  today: string;
  onAnswer: (reminder: Reminder) => void;
}) {
  const markDone = useMarkActionDone();
  const actions = actionsDue(reminders, today);
  if (actions.length === 0) return null;
  const byId = new Map(reminders.map((r) => [r.id, r]));
  const done = (action: DueAction) => {
    if (!isWindowKind(action.kind)) return;
    markDone.mutate(
      { id: action.reminderId, kind: action.kind },
      {
        onSuccess: () => toast.success('Marked done', { description: `${action.title}: ${action.what}` }),
        onError: () => toast.error('Error', { description: 'Could not mark it done. Please try again.' }),
      },
    );
  };
  return (
    <section className="card this-week" aria-labelledby="this-week-heading">
      <h2 id="this-week-heading" className="card-title">
        What to do this week
      </h2>
      <ul className="this-week-list">
        {actions.map((action) => (
          <li key={`${action.reminderId}-${action.kind}`} className="this-week-item">
            <p className="this-week-text">
              <span className="this-week-day">{dayOf(action.date, today)}</span>{' '}
              <strong>{action.title}</strong>: {action.what}
            </p>
            {action.canMarkDone ? (
              <button
                type="button"
                className="btn btn-outline btn-sm"
                disabled={markDone.isPending}
                onClick={() => done(action)}
                aria-label={`Done: ${action.title}, ${action.what}`}
              >
                Done
              </button>
            ) : action.kind === 'outcome' ? (
              <Link to={savingsPath(action.reminderId)} className="btn btn-primary btn-sm">
                Tell us<span className="visually-hidden"> how {action.title} went</span>
              </Link>
            ) : action.kind === 'april_rise' ? (
              <Link to={reminderPath(action.reminderId)} className="btn btn-outline btn-sm">
                View<span className="visually-hidden"> {action.title}</span>
              </Link>
            ) : (
              <button
                type="button"
                className="btn btn-primary btn-sm"
                onClick={() => {
                  const reminder = byId.get(action.reminderId);
                  if (reminder) onAnswer(reminder);
                }}
              >
                Answer<span className="visually-hidden">: {action.title}</span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
