import { formatPounds } from '#shared/dates.ts';
import { MONTH_AHEAD_DAYS, type AgendaSummary } from '#shared/reminder/agenda.ts';

const inDays = (days: number) => (days === 0 ? 'today' : `in ${days} ${days === 1 ? 'day' : 'days'}`);

/**
 * The top of the dashboard: the next deadline, what renews in the next 30 days, the yearly cost and
 * the savings reported so far. Figures only, each line saying what it is: the list follows at once.
 */
export function SummaryCard({
  summary,
  savedTotal,
  householdSaved = null,
}: {
  summary: AgendaSummary;
  savedTotal: number;
  /** The household's shared savings (counted once for it), or null outside a household. */
  householdSaved?: number | null;
}) {
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
          <dd>You pay {formatPounds(summary.yearly)} a year for these</dd>
        </div>
      </dl>
      {(savedTotal > 0 || (householdSaved ?? 0) > 0) && (
        <div className="summary-saved">
          <p className="summary-saved-total">
            {savedTotal > 0
              ? `You've reported saving ${formatPounds(savedTotal)}!`
              : 'Your household is saving!'}
            {(householdSaved ?? 0) > 0 && ` Your household: ${formatPounds(householdSaved ?? 0)}.`}
          </p>
          <p className="summary-saved-text">
            Keep tracking your renewals to save even more. <a href="#your-savings">See every saving</a>
          </p>
        </div>
      )}
    </section>
  );
}
