/**
 * 'Your action window' on the reminder page: the windows, the act-by date and the renewal in date
 * order with labels and sources; a passed day says so in words; a category with no window, and a
 * reminder whose window mails are off, say so.
 */
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { todayIn } from '#shared/dates.ts';
import { addDays } from '#shared/reminder/schedule.ts';
import { ActionTimeline } from '../../web/src/features/reminders/components/ActionTimeline.tsx';
import { aReminder } from '../support/builders.ts';

const reminder = (over: Partial<Reminder> = {}): Reminder =>
  aReminder({
    id: 'r1',
    user_id: 'u1',
    title: 'Energy',
    category: 'utilities_energy',
    provider: 'Octopus',
    renewal_date: addDays(todayIn(), 45),
    amount: null,
    notes: null,
    term_anchor: addDays(todayIn(), 45),
    ...over,
  });

const steps = () =>
  within(screen.getByRole('region', { name: 'Your action window' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('ActionTimeline', () => {
  it('lists the windows, the act-by date and the renewal in date order; a passed window says so', () => {
    // 45 days to go: the no-exit-fee day (49 days before) has passed; the notice day (42) is ahead.
    const today = todayIn();
    render(<ActionTimeline reminder={reminder({ act_by: addDays(today, 40) })} />);
    const list = steps();
    expect(list).toHaveLength(4);
    expect(list[0]).toMatch(/· PassedNo exit fees from todaySource: Ofgem/);
    expect(list[1]).toMatch(/Your end-of-fix notice is due by now/);
    expect(list[1]).not.toMatch(/Passed/);
    expect(list[2]).toMatch(/Last day to act$/);
    expect(list[3]).toMatch(/Renewal date$/);
    const link = screen.getAllByRole('link', { name: /Which\? explains them \(opens in a new tab\)/ })[0]!;
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says when a category has no window, and when the window mails are off', () => {
    const { unmount } = render(<ActionTimeline reminder={reminder({ category: 'subscriptions' })} />);
    expect(screen.getByText(/No day for Subscriptions beats your own reminders/)).toBeInTheDocument();
    expect(steps()).toHaveLength(1);
    unmount();
    render(<ActionTimeline reminder={reminder({ action_windows: false })} />);
    expect(screen.getByText(/You turned off the e-mails for these days/)).toBeInTheDocument();
  });
});
