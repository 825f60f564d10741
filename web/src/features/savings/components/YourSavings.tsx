import { useId } from 'react';
import type { SavingsSummary } from '#shared/api.ts';
import { formatPounds } from '#shared/dates.ts';
import { savingsByYear } from '../savings-chart.ts';
import { SavingsChart, SavingsTable } from './SavingsChart.tsx';
import { SavingsLedger } from './SavingsLedger.tsx';
import './YourSavings.css';

/**
 * The dashboard's 'Your savings': the total as the big number, a chart by year and category (with the
 * same figures as a table for screen readers and anyone who prefers numbers) and the ledger of
 * outcomes, side by side on a wide screen. Nothing at all until something has been saved.
 */
export function YourSavings({ summary }: { summary: SavingsSummary | undefined }) {
  const headingId = useId();
  if (!summary || summary.total <= 0) return null;
  const data = savingsByYear(summary.records);
  return (
    <section className="card your-savings" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        Your savings
      </h2>
      <div className="your-savings-body">
        <div>
          <p className="your-savings-total">
            <strong className="your-savings-figure">{formatPounds(summary.total)}</strong> saved in all
          </p>
          <p className="muted small">Each saving counts for a year: £3.00 off a monthly bill is £36.00.</p>
          <SavingsChart data={data} />
          <SavingsTable data={data} />
        </div>
        <div>
          <h3 className="your-savings-subhead">Every renewal</h3>
          <SavingsLedger records={summary.records} />
        </div>
      </div>
    </section>
  );
}
