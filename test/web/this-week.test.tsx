/**
 * 'What to do this week' on the dashboard: each action with its day and what to do; 'Done' on a
 * window posts the mark; an answer opens its question; with nothing due the card is not there.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '#shared/reminder/schedule.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { ThisWeek } from '../../web/src/features/reminders/components/ThisWeek.tsx';
import { aReminder } from '../support/builders.ts';
import { onlyRequest, renderWithClient, stubFetch } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const TODAY = '2030-02-16';
// Renews in 26 days: today is the best day for quotes.
const car = aReminder({ id: 'car', title: 'Car insurance', renewal_date: addDays(TODAY, 26) });
const mortgage = aReminder({
  id: 'mortgage',
  title: 'Mortgage',
  category: 'mortgage',
  renewal_date: addDays(TODAY, 40),
  repeats: 'monthly',
  billing: 'monthly',
  date_kind: 'next_payment',
  ask_deal_end: true,
});

function show(reminders = [car, mortgage]) {
  const onAnswer = vi.fn();
  renderWithClient(
    <MemoryRouter>
      <ThisWeek reminders={reminders} today={TODAY} onAnswer={onAnswer} />
    </MemoryRouter>,
  );
  return { onAnswer, user: userEvent.setup() };
}

describe('ThisWeek', () => {
  it('lists what to do with its day, marks a window done, and opens a question', async () => {
    const fetchMock = stubFetch(200, { actions_done: [`${car.renewal_date}#best_quotes`] });
    const { onAnswer, user } = show();
    const card = screen.getByRole('region', { name: 'What to do this week' });
    expect(card).toHaveTextContent(/Today Car insurance: Get quotes/);
    expect(card).toHaveTextContent(/Today Mortgage: When does your deal end\?/);
    await user.click(screen.getByRole('button', { name: /^Answer/ }));
    expect(onAnswer).toHaveBeenCalledWith(mortgage);
    await user.click(screen.getByRole('button', { name: /^Done: Car insurance/ }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock)).toMatchObject({
      path: '/api/reminders/car/actions',
      method: 'POST',
      body: { kind: 'best_quotes' },
    });
  });

  it('is not there when nothing is due', () => {
    show([aReminder({ renewal_date: addDays(TODAY, 200) })]);
    expect(screen.queryByRole('region', { name: 'What to do this week' })).toBeNull();
  });
});
