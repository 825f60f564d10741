/**
 * The admin Cron Logs table: each run's status, times, counts (the catch-up's late, superseded and
 * missed included) and errors, in a labelled region that scrolls sideways on a small screen.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { CronRun } from '../../shared/api.ts';
import { CronLogScreen } from '../../web/src/features/admin/screens/CronLogScreen.tsx';
import { renderWithClient } from './render.tsx';
import { aCronRun } from '../support/builders.ts';

const RUNS: CronRun[] = [
  aCronRun({
    id: 'run-1',
    ran_at: '2027-01-08T08:00:05.000Z',
    items_processed: 40,
    queued: 41,
    planned: 43,
    skipped: 3,
    late: 4,
    superseded: 7,
    missed: 2,
    rolled: 3,
    duration_ms: 5230,
    done: 41,
  }),
  // A run whose stack died part-way: 30 of its 41 queued mails never finished.
  aCronRun({
    id: 'run-0',
    ran_at: '2027-01-07T08:00:05.000Z',
    date: '2027-01-07',
    items_processed: 11,
    queued: 41,
    planned: 41,
    duration_ms: 900,
    done: 11,
    status: 'interrupted',
  }),
];

vi.mock('../../web/src/features/admin/api/get-cron-runs.ts', async () => {
  const { useQuery } = await import('@tanstack/react-query');
  return { useCronRuns: () => useQuery({ queryKey: ['cron-runs'], queryFn: () => Promise.resolve(RUNS) }) };
});

describe('CronLogScreen', () => {
  it('shows what the run queued, and late, superseded and missed, beside the items processed', async () => {
    renderWithClient(<CronLogScreen />);
    const table = await screen.findByRole('table', { name: 'The last 14 cron runs' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Status',
      'Run Time',
      'For Date',
      'Trigger',
      'Items Processed',
      'Queued',
      'Late',
      'Superseded',
      'Missed',
      'Rolled',
      'Errors',
      'Duration',
    ]);
    const [, row] = within(table).getAllByRole('row');
    const cells = within(row!)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(4, 10)).toEqual(['40', '41', '4', '7', '2', '3']);
    expect(cells.at(-1)).toBe('5.23s');
    expect(cells[0]).toBe('Success');
  });

  it('shows a run that stopped before its mails were done as Interrupted, not Success', async () => {
    renderWithClient(<CronLogScreen />);
    const table = await screen.findByRole('table', { name: 'The last 14 cron runs' });
    const [, , row] = within(table).getAllByRole('row');
    expect(within(row!).getAllByRole('cell')[0]!.textContent).toBe('Interrupted');
  });

  it('keeps the table in a labelled, keyboard-reachable region that scrolls on a small screen', async () => {
    renderWithClient(<CronLogScreen />);
    await screen.findByRole('table');
    const region = screen.getByRole('region', { name: 'The last 14 cron runs' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('table-wrap');
    // (axe and the 360 px width run in Chromium: test/e2e/admin-tools.test.ts.)
  });
});
