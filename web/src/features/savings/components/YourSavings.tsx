import { useId } from 'react';
import { RENEWAL_RESULT_LABELS, type RenewalOutcome, type SavingsSummary } from '#shared/api.ts';
import { formatPounds, formatUkDate } from '#shared/dates.ts';
import { DataTable, type Column } from '../../../components/DataTable.tsx';
import { savingsByYear, seriesLabel, SERIES_COLOURS, type SavingsByYear } from '../savings-chart.ts';
import './YourSavings.css';

const fromPence = (pence: number) => formatPounds(pence / 100);

const LEDGER_COLUMNS: Column<RenewalOutcome>[] = [
  { header: 'Reminder', className: 'strong', cell: (r) => r.title || 'A deleted reminder' },
  {
    header: 'Renewal',
    className: 'nowrap',
    cell: (r) => formatUkDate(r.term_to ?? r.created_at.slice(0, 10)),
  },
  { header: 'What happened', cell: (r) => RENEWAL_RESULT_LABELS[r.result] },
  {
    header: 'Saved',
    className: 'num nowrap',
    headerClassName: 'num',
    cell: (r) => formatPounds(r.saved_amount),
  },
];

/**
 * The dashboard's 'Your savings': the total, a chart by year and category (SVG, with the same figures
 * as a table for screen readers and anyone who prefers numbers) and the ledger of outcomes. Nothing
 * at all until something has been saved.
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
      <p className="your-savings-total">
        <strong>{formatPounds(summary.total)}</strong> saved in all
      </p>
      <SavingsChart data={data} />
      <SavingsTable data={data} />
      <h3 className="your-savings-subhead">Every renewal</h3>
      <DataTable
        rows={summary.records}
        rowKey={(r) => r.id}
        columns={LEDGER_COLUMNS}
        caption="Outcomes of your renewals"
      />
    </section>
  );
}

const CHART = { width: 640, height: 240, top: 16, bottom: 32, left: 8, right: 8 };

/** Stacked bars, one per year, one segment per category. */
function SavingsChart({ data }: { data: SavingsByYear }) {
  const titleId = useId();
  const descId = useId();
  const max = Math.max(...Object.values(data.yearTotals));
  const plotHeight = CHART.height - CHART.top - CHART.bottom;
  const slot = (CHART.width - CHART.left - CHART.right) / data.years.length;
  const barWidth = Math.min(72, slot * 0.6);
  const description = data.years
    .map((year) => `${year}: ${fromPence(data.yearTotals[year] ?? 0)}`)
    .join('; ');
  return (
    <figure className="savings-chart">
      <svg
        viewBox={`0 0 ${CHART.width} ${CHART.height}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
        preserveAspectRatio="xMidYMid meet"
      >
        <title id={titleId}>Money saved by year and category</title>
        <desc id={descId}>{description}</desc>
        <line
          x1={CHART.left}
          x2={CHART.width - CHART.right}
          y1={CHART.top + plotHeight}
          y2={CHART.top + plotHeight}
          className="savings-chart-axis"
        />
        {data.years.map((year, i) => {
          const x = CHART.left + slot * i + (slot - barWidth) / 2;
          let y = CHART.top + plotHeight;
          return (
            <g key={year}>
              {data.series.map((key) => {
                const pence = data.pence[year]?.[key] ?? 0;
                if (pence === 0) return null;
                const height = (pence / max) * plotHeight;
                y -= height;
                return (
                  <rect key={key} x={x} y={y} width={barWidth} height={height} fill={SERIES_COLOURS[key]} />
                );
              })}
              <text
                x={x + barWidth / 2}
                y={CHART.height - 10}
                textAnchor="middle"
                className="savings-chart-label"
              >
                {year}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <ul className="savings-legend">
          {data.series.map((key) => (
            <li key={key}>
              <span
                className="savings-swatch"
                style={{ background: SERIES_COLOURS[key] }}
                aria-hidden="true"
              />
              {seriesLabel(key)}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}

/** The chart's figures as a table: a row per year, a column per category, and the year's total. */
function SavingsTable({ data }: { data: SavingsByYear }) {
  return (
    <table className="visually-hidden">
      <caption>Money saved by year and category</caption>
      <thead>
        <tr>
          <th scope="col">Year</th>
          {data.series.map((key) => (
            <th key={key} scope="col">
              {seriesLabel(key)}
            </th>
          ))}
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {data.years.map((year) => (
          <tr key={year}>
            <th scope="row">{year}</th>
            {data.series.map((key) => (
              <td key={key}>{fromPence(data.pence[year]?.[key] ?? 0)}</td>
            ))}
            <td>{fromPence(data.yearTotals[year] ?? 0)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
