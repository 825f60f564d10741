import { useId } from 'react';
import {
  chartPounds,
  chartScale,
  seriesLabel,
  SERIES_COLOURS,
  type SavingsByYear,
} from '../savings-chart.ts';
import { formatPounds } from '#shared/dates.ts';

const fromPence = (pence: number) => formatPounds(pence / 100);

/** A segment tall enough for its figure: a smaller one says it only through its title and the table. */
const LABEL_MIN_SHARE = 0.12;

/**
 * Stacked bars, one per year, one segment per category, on a scale from £0: drawn in HTML so its
 * labels keep the page's type size on a phone. For assistive technology it is one image whose name
 * gives each year's total; the same figures follow as a table.
 */
export function SavingsChart({ data }: { data: SavingsByYear }) {
  const titleId = useId();
  const descId = useId();
  const { top, ticks } = chartScale(Math.max(...Object.values(data.yearTotals)));
  const share = (pence: number) => `${(pence / top) * 100}%`;
  const description = data.years
    .map((year) => `${year}: ${fromPence(data.yearTotals[year] ?? 0)}`)
    .join('; ');
  return (
    <figure className="savings-chart">
      <div className="savings-plot" role="img" aria-labelledby={`${titleId} ${descId}`}>
        <span id={titleId} hidden>
          Money saved by year and category
        </span>
        <span id={descId} hidden>
          {description}
        </span>
        <div className="savings-scale" aria-hidden="true">
          {ticks.map((tick) => (
            <span key={tick} className="savings-tick" style={{ bottom: share(tick) }}>
              <span className="savings-tick-label">{chartPounds(tick)}</span>
            </span>
          ))}
        </div>
        <div className="savings-bars" aria-hidden="true">
          {data.years.map((year) => {
            const total = data.yearTotals[year] ?? 0;
            // A bar of one category says its figure once, on top.
            const stacked = data.series.filter((key) => (data.pence[year]?.[key] ?? 0) > 0).length > 1;
            return (
              <div key={year} className="savings-bar-slot">
                <div className="savings-bar" style={{ height: share(total) }}>
                  <span className="savings-bar-total">{chartPounds(total)}</span>
                  {data.series.map((key) => {
                    const pence = data.pence[year]?.[key] ?? 0;
                    if (pence === 0) return null;
                    return (
                      <span
                        key={key}
                        className="savings-segment"
                        title={`${seriesLabel(key)} ${year}: ${fromPence(pence)}`}
                        style={{ flexGrow: pence, background: SERIES_COLOURS[key] }}
                      >
                        {stacked && pence / top >= LABEL_MIN_SHARE ? chartPounds(pence) : null}
                      </span>
                    );
                  })}
                </div>
                <span className="savings-year">{year}</span>
              </div>
            );
          })}
        </div>
      </div>
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
export function SavingsTable({ data }: { data: SavingsByYear }) {
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
