import type { SavingsSummary } from '#shared/api.ts';
import { formatPounds } from '#shared/dates.ts';
import { MONTH_AHEAD_DAYS, type AgendaSummary } from '#shared/reminder/agenda.ts';
import { hasSavings } from '../../savings/index.ts';

const inDays = (days: number) => (days === 0 ? 'today' : `in ${days} ${days === 1 ? 'day' : 'days'}`);

/**
 * The top of the dashboard: the next deadline, what renews in the next 30 days, the yearly cost and
 * the savings reported so far. In a household with shared bills the yearly cost is 'Your share' (the
 * reader's parts by 'Who pays?', with their own bills), and the household's shared total beside it. Figures only, each line saying what it is: the list follows at once.
 * The savings are the figures 'Your savings' shows: the member's own, and apart from them the
 * household's shared ones (whoever logged them), each counted once.
 */
export function SummaryCard({
  summary,
  savings,
}: {
  summary: AgendaSummary;
  savings: SavingsSummary | undefined;
}) {
  const own = savings?.total ?? 0;
  const shared = savings?.household_total ?? 0;
  return (
    <section className="card summary-card" aria-label="Summary">
      <dl className="summary-figures">
        <div className="summary-next">
          <dt className="visually-hidden">Next</dt>
          <dd>
            {summary.next ? (
              <>
                Next: <strong>{summary.next.reminder.title}</strong> {inDays(summary.next.days)}
              </>
            ) : (
              'Nothing coming up'
            )}
          </dd>
        </div>
        <div>
          <dt className="visually-hidden">{`Next ${MONTH_AHEAD_DAYS} days`}</dt>
          <dd>{`${formatPounds(summary.renewingSoon)} renewing in the next ${MONTH_AHEAD_DAYS} days`}</dd>
        </div>
        <div>
          <dt className="visually-hidden">A year</dt>
          {summary.householdYearly === null ? (
            <dd>You pay {formatPounds(summary.yearly)} a year for these</dd>
          ) : (
            <dd>
              Your share: <strong>{formatPounds(summary.yearly)} a year</strong>
              <span className="summary-household">
                {' '}
                · Household: {formatPounds(summary.householdYearly)} a year
              </span>
            </dd>
          )}
        </div>
      </dl>
      {hasSavings(savings) && (
        <div className="summary-saved">
          {own > 0 && <p className="summary-saved-total">You&apos;ve reported saving {formatPounds(own)}!</p>}
          {shared > 0 && (
            <p className="summary-saved-total">Shared with your household: {formatPounds(shared)} saved</p>
          )}
          <p className="summary-saved-text">
            Keep tracking your renewals to save even more. <a href="#your-savings">See every saving</a>
          </p>
        </div>
      )}
    </section>
  );
}
