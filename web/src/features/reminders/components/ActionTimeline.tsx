import type { Reminder } from '#shared/api.ts';
import { categoryLabel } from '#shared/reminder/categories.ts';
import { formatUkDate, todayIn } from '#shared/dates.ts';
import { actionWindows, type WindowSource } from '#shared/reminder/windows.ts';
import { vehicleDateOf } from '#shared/vehicles.ts';
import { SourceLine } from '../../../components/NewTabLink.tsx';
import './ActionTimeline.css';

interface Step {
  date: string;
  label: string;
  /** 'Good days: 04/03/2027 to 14/03/2027', when the source names a range. */
  range: string | null;
  tip: string | null;
  source: WindowSource | null;
  kind: 'window' | 'act-by' | 'renewal';
}

/** The reminder's action windows, its act-by date and its renewal, in date order. */
function stepsOf(reminder: Reminder): Step[] {
  const windows: Step[] = actionWindows(reminder).map((w) => ({
    date: w.date,
    label: w.label,
    range: w.range ? `Good days: ${formatUkDate(w.range.from)} to ${formatUkDate(w.range.to)}` : null,
    tip: w.tip,
    source: w.source,
    kind: 'window',
  }));
  const actBy: Step[] = reminder.act_by
    ? [
        {
          date: reminder.act_by,
          label: 'Last day to act',
          range: null,
          tip: null,
          source: null,
          kind: 'act-by',
        },
      ]
    : [];
  const renewal: Step = {
    date: reminder.renewal_date,
    label:
      reminder.category === 'car_tax_mot'
        ? 'Due date'
        : reminder.date_kind === 'deal_end'
          ? 'Deal ends'
          : reminder.date_kind === 'next_payment'
            ? 'Next payment'
            : 'Renewal date',
    range: null,
    tip: null,
    source: null,
    kind: 'renewal',
  };
  return [...windows, ...actBy, renewal].sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Why a reminder has no window, in words: a Car Tax / MOT reminder is a car's MOT or its tax, and
 * only the MOT has a day of its own, so one that does not say which is asked to.
 */
function noWindowText(reminder: Reminder): string {
  const vehicleDate = vehicleDateOf(reminder);
  if (reminder.category === 'car_tax_mot' && vehicleDate === null)
    return 'Choose what is due (Edit, MOT or Car tax): an MOT has a day of its own.';
  const what = vehicleDate === 'tax' ? 'car tax' : categoryLabel(reminder.category);
  return `No day for ${what} beats your own reminders that we could source.`;
}

const when = (date: string, today: string) => (date < today ? 'Passed' : date === today ? 'Today' : null);

/**
 * 'Your action window': the days on which acting pays most (shared/reminder/windows.ts) before the
 * act-by and renewal dates, each with its label and its source's link. A list in date order, so it
 * reads the same to a screen reader as it looks; a passed day says so in words, not only in colour.
 */
export function ActionTimeline({ reminder }: { reminder: Reminder }) {
  const today = todayIn();
  const steps = stepsOf(reminder);
  const hasWindows = steps.some((s) => s.kind === 'window');
  return (
    <section className="card" aria-labelledby="action-window-heading">
      <h2 id="action-window-heading" className="card-title">
        Your action window
      </h2>
      {!hasWindows && <p className="muted">{noWindowText(reminder)}</p>}
      {hasWindows && !reminder.action_windows && (
        <p className="muted">You turned off the e-mails for these days (Edit, More options).</p>
      )}
      <ol className="action-timeline">
        {steps.map((step) => {
          const state = when(step.date, today);
          return (
            <li
              key={`${step.kind}-${step.date}-${step.label}`}
              className={`action-step action-step-${step.kind}`}
              data-passed={state === 'Passed' || undefined}
            >
              <p className="action-step-when">
                <time dateTime={step.date}>{formatUkDate(step.date)}</time>
                {state && <span className="action-step-state">{` · ${state}`}</span>}
              </p>
              <p className="action-step-label">{step.label}</p>
              {step.range && <p className="action-step-tip">{step.range}</p>}
              {step.tip && <p className="action-step-tip">{step.tip}</p>}
              {step.source && <SourceLine className="action-step-source" source={step.source} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
