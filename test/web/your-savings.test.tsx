/**
 * 'Your savings' on the dashboard: money saved summed by year and category in pence; nothing shown
 * until something is saved; the chart is an image with a description and the same figures as a
 * table; the ledger lists every outcome.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RenewalOutcome } from '#shared/api.ts';
import { YourSavings } from '../../web/src/features/savings/components/YourSavings.tsx';
import fc from 'fast-check';
import { chartPounds, chartScale, savingsByYear } from '../../web/src/features/savings/savings-chart.ts';
import { MemoryRouter } from 'react-router';
import { SummaryCard } from '../../web/src/features/reminders/components/SummaryCard.tsx';
import { FORMER_ID, ME_ID, MEMBERS, SAM_ID } from './fixtures.ts';

const outcome = (over: Partial<RenewalOutcome>): RenewalOutcome => ({
  id: crypto.randomUUID(),
  reminder_id: 'r1',
  user_id: 'u1',
  title: 'Home insurance',
  category: 'insurance',
  provider: 'Aviva',
  term_from: null,
  term_to: '2027-01-15',
  price: 480,
  new_price: 400,
  offer_price: null,
  notice_answer: null,
  result: 'switched',
  saved_amount: 80,
  billing: 'yearly',
  shared: false,
  recorded_by: null,
  created_at: '2027-01-16T09:00:00.000Z',
  updated_at: '2027-01-16T09:00:00.000Z',
  ...over,
});

const records = [
  outcome({}),
  outcome({ saved_amount: 0.1, category: 'insurance', term_to: '2027-06-01' }),
  outcome({ saved_amount: 0.2, category: 'utilities_energy', term_to: '2027-03-01', result: 'negotiated' }),
  outcome({ saved_amount: 12.5, category: 'mortgage', term_to: '2028-02-01' }),
  outcome({ saved_amount: 0, result: 'rolled_forward', term_to: '2029-01-15' }),
  // An outcome recorded before the history: no category, no term; it counts in the year recorded.
  outcome({
    saved_amount: 5,
    category: null,
    term_to: null,
    title: '',
    result: 'saved',
    created_at: '2026-05-01T00:00:00.000Z',
  }),
];

describe('savingsByYear', () => {
  it('sums pence per year and category, in category order, leaving out what saved nothing', () => {
    const data = savingsByYear(records);
    expect(data.years).toEqual(['2026', '2027', '2028']);
    expect(data.series).toEqual(['mortgage', 'insurance', 'utilities_energy', 'other']);
    // 80.00 + 0.10 in pence, exactly (no float drift).
    expect(data.pence['2027']).toEqual({ insurance: 8010, utilities_energy: 20 });
    expect(data.yearTotals).toEqual({ '2026': 500, '2027': 8030, '2028': 1250 });
  });
});

describe('YourSavings', () => {
  it('shows nothing until something is saved', () => {
    const { container } = render(
      <YourSavings summary={{ total: 0, household_total: null, records: [outcome({ saved_amount: 0 })] }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the total, the chart with its description and table, and the ledger', () => {
    render(
      <MemoryRouter>
        <YourSavings summary={{ total: 97.8, household_total: null, records }} />
      </MemoryRouter>,
    );
    const section = screen.getByRole('region', { name: 'Your savings' });
    expect(section).toHaveTextContent('£97.80 saved in all');
    const chart = within(section).getByRole('img', { name: /Money saved by year and category/ });
    expect(chart).toHaveAccessibleName(/2027: £80\.30/);
    const table = within(section).getByRole('table', { name: 'Money saved by year and category' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'YearMortgageInsuranceUtilities & EnergyOtherTotal',
      '2026£0.00£0.00£0.00£5.00£5.00',
      '2027£0.00£80.10£0.20£0.00£80.30',
      '2028£12.50£0.00£0.00£0.00£12.50',
    ]);
    const ledger = within(section).getByRole('table', { name: 'Outcomes of your renewals' });
    // A term the job rolled on with no answer is no outcome: not in the ledger, no £0.00 row.
    expect(within(ledger).getAllByRole('row')).toHaveLength(records.length);
    expect(ledger).not.toHaveTextContent(/Rolled/);
    expect(ledger).not.toHaveTextContent('15/01/2029');
    expect(ledger).toHaveTextContent('A deleted reminder');
  });
});

describe('YourSavings in a household', () => {
  it("shows the member's own savings and the household's shared ones apart, and marks shared records", () => {
    const shared = outcome({ title: 'Mortgage', shared: true, recorded_by: null, saved_amount: 40 });
    render(
      <MemoryRouter>
        <YourSavings summary={{ total: 80, household_total: 40, records: [outcome({}), shared] }} />
      </MemoryRouter>,
    );
    const totals = screen.getByRole('region', { name: 'Your savings' }).querySelector('dl')!;
    expect(totals).toHaveTextContent('Your savings£80.00Shared with your household£40.00');
    const ledger = screen.getByRole('table', { name: 'Outcomes of your renewals' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByText('Shared') !== null)).toEqual([false, true]);
  });

  it('labels each shared saving with who logged it, for the saver and the rest of the household', () => {
    const bySam = outcome({ title: 'Mortgage', shared: true, recorded_by: SAM_ID, saved_amount: 40 });
    const byMe = outcome({ title: 'Energy', shared: true, recorded_by: ME_ID, saved_amount: 24.2 });
    const byFormer = outcome({ title: 'Broadband', shared: true, recorded_by: FORMER_ID, saved_amount: 10 });
    render(
      <MemoryRouter>
        <YourSavings
          summary={{ total: 80, household_total: 74.2, records: [outcome({}), bySam, byMe, byFormer] }}
          members={MEMBERS}
        />
      </MemoryRouter>,
    );
    const ledger = screen.getByRole('table', { name: 'Outcomes of your renewals' });
    const rows = within(ledger).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('.ledger-shared')?.textContent ?? null)).toEqual([
      null,
      'Shared · logged by Sam',
      'Shared · logged by you',
      'Shared · logged by A former member',
    ]);
  });

  it('shows the shared savings when the member has saved nothing of their own', () => {
    render(
      <MemoryRouter>
        <YourSavings summary={{ total: 0, household_total: 12.5, records: [outcome({ shared: true })] }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('region', { name: 'Your savings' })).toHaveTextContent(
      'Shared with your household£12.50',
    );
  });
});

describe("the dashboard's summary of savings", () => {
  const agenda = { next: null, renewingSoon: 0, yearly: 0, householdYearly: null };

  it("says 'Your share' of shared bills with the household's total beside it, else what you pay", () => {
    const { unmount } = render(
      <SummaryCard summary={{ ...agenda, yearly: 7031.94, householdYearly: 15000.12 }} savings={undefined} />,
    );
    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent(
      'Your share: £7,031.94 a year · Household: £15,000.12 a year',
    );
    unmount();
    render(<SummaryCard summary={{ ...agenda, yearly: 131.88 }} savings={undefined} />);
    expect(screen.getByRole('region', { name: 'Summary' })).toHaveTextContent(
      'You pay £131.88 a year for these',
    );
  });

  it("says what the household saved on shared renewals, as 'Your savings' does", () => {
    render(<SummaryCard summary={agenda} savings={{ total: 0, household_total: 64.2, records: [] }} />);
    const card = screen.getByRole('region', { name: 'Summary' });
    expect(card).toHaveTextContent('Shared with your household: £64.20 saved');
    expect(card).not.toHaveTextContent("You've reported saving");
  });

  it("keeps the member's own savings apart from the household's", () => {
    render(<SummaryCard summary={agenda} savings={{ total: 80, household_total: 64.2, records: [] }} />);
    const card = screen.getByRole('region', { name: 'Summary' });
    expect(card).toHaveTextContent("You've reported saving £80.00!");
    expect(card).toHaveTextContent('Shared with your household: £64.20 saved');
  });
});

describe("the savings chart's scale", () => {
  it('starts at £0 and reaches the tallest bar in at most five equal, round steps', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_000 }), (max) => {
        const { top, ticks } = chartScale(max);
        expect(ticks[0]).toBe(0);
        expect(top).toBeGreaterThanOrEqual(max);
        expect(ticks.length).toBeLessThanOrEqual(6);
        const step = ticks[1]! - ticks[0]!;
        expect(step % 100).toBe(0);
        ticks.forEach((tick, i) => expect(tick).toBe(i * step));
        // Round: 1, 2, 2.5 or 5 times a power of ten pounds.
        const pounds = step / 100;
        const mantissa = pounds / 10 ** Math.floor(Math.log10(pounds));
        expect([1, 2, 2.5, 5].some((m) => Math.abs(m - mantissa) < 1e-9)).toBe(true);
      }),
    );
  });

  it('labels bars in whole pounds, with pence only under £10', () => {
    expect(chartPounds(3600)).toBe('£36');
    expect(chartPounds(125_000)).toBe('£1,250');
    expect(chartPounds(350)).toBe('£3.50');
    expect(chartPounds(500)).toBe('£5');
  });
});
