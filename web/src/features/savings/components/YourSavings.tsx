import { useId } from 'react';
import type { SavingsSummary } from '#shared/api.ts';
import type { HouseholdMember } from '#shared/household.ts';
import { formatPounds } from '#shared/dates.ts';
import { hasSavings } from '../has-savings.ts';
import { savingsByYear } from '../savings-chart.ts';
import { SavingsChart, SavingsTable } from './SavingsChart.tsx';
import { SavingsLedger } from './SavingsLedger.tsx';
import './YourSavings.css';

/** Outside a household: the caller's own total, in a sentence. */
function OwnTotal({ total }: { total: number }) {
  return (
    <p className="your-savings-total">
      <strong className="your-savings-figure">{formatPounds(total)}</strong> saved in all
    </p>
  );
}

/** In a household: the caller's own savings and the household's shared ones, apart (each counted once). */
function SplitTotals({ total, household }: { total: number; household: number }) {
  return (
    <dl className="your-savings-split">
      <div>
        <dt>Your savings</dt>
        <dd className="your-savings-figure">{formatPounds(total)}</dd>
      </div>
      <div>
        <dt>Shared with your household</dt>
        <dd className="your-savings-figure">{formatPounds(household)}</dd>
      </div>
    </dl>
  );
}

/**
 * The dashboard's 'Your savings': the total as the big number (the household's shared savings beside
 * it, for a member of one), a chart by year and category (with the
 * same figures as a table for screen readers and anyone who prefers numbers) and the ledger of
 * outcomes, side by side on a wide screen. Nothing at all until something has been saved.
 */
export function YourSavings({
  summary,
  members = null,
}: {
  summary: SavingsSummary | undefined;
  /** The household's members, who name the shared savings' loggers ('Shared · logged by Alice'). */
  members?: readonly HouseholdMember[] | null;
}) {
  const headingId = useId();
  if (!summary || !hasSavings(summary)) return null;
  const data = savingsByYear(summary.records);
  return (
    <section className="card your-savings" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Your savings
      </h2>
      <div className="your-savings-body">
        <div>
          {summary.household_total === null ? (
            <OwnTotal total={summary.total} />
          ) : (
            <SplitTotals total={summary.total} household={summary.household_total} />
          )}
          <p className="muted small">Each saving counts for a year: £3.00 off a monthly bill is £36.00.</p>
          <SavingsChart data={data} />
          <SavingsTable data={data} />
        </div>
        <div>
          <h3 className="your-savings-subhead">Every renewal</h3>
          <SavingsLedger records={summary.records} members={members} />
        </div>
      </div>
    </section>
  );
}
