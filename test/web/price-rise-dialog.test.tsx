/**
 * 'Price rises in April' in the reminder dialog: offered for Broadband & Mobile only, with 'CPI +
 * 3.9%', 'RPI + 3.9%' and '£ amount' (then 'Rise a month (£)', refused unless pounds and pence);
 * sent as the API takes it; prefilled from a saved reminder. The list says the price from April, and
 * on 1 March 'What to do this week' says the rise with a link to the reminder.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { todayIn } from '#shared/dates.ts';
import { priceRiseLine } from '#shared/reminder/priceRise.ts';
import { PRICE_RISE_MESSAGES } from '#shared/reminder/priceRiseSchema.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { ReminderDialog } from '../../web/src/features/reminders/components/ReminderDialog.tsx';
import { ReminderCards } from '../../web/src/features/reminders/components/ReminderList.tsx';
import { ThisWeek } from '../../web/src/features/reminders/components/ThisWeek.tsx';
import { aReminder } from '../support/builders.ts';
import { NO_HOUSEHOLD } from './fixtures.ts';
import { onlyRequest, renderWithClient, stubFetch } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const LABEL = 'Price rises in April';

function open(reminder: Reminder | null = null) {
  renderWithClient(<ReminderDialog open reminder={reminder} onOpenChange={vi.fn()} />, [
    [householdQueryKey, NO_HOUSEHOLD],
  ]);
  return userEvent.setup();
}

const broadband = (over: Partial<Reminder> = {}) =>
  aReminder({
    title: 'Broadband',
    category: 'broadband_mobile',
    provider: 'BT',
    amount: 29.35,
    billing: 'monthly',
    date_kind: 'deal_end',
    repeats: 'none',
    renewal_date: '2031-05-01',
    ...over,
  });

describe("the dialog's 'Price rises in April'", () => {
  it('is offered for Broadband & Mobile only, with its closed list', async () => {
    const user = open();
    expect(screen.queryByLabelText(LABEL)).toBeNull();
    await user.selectOptions(screen.getByLabelText(/^Category/), 'broadband_mobile');
    const select = screen.getByLabelText(LABEL);
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None, or not known', 'CPI + 3.9%', 'RPI + 3.9%', '£ amount']);
    expect(screen.queryByLabelText('Rise a month (£)')).toBeNull();
  });

  it('asks the rise a month for a £ amount, refuses one not in pounds and pence, and sends it in pence', async () => {
    const fetchMock = stubFetch(200, { reminder: broadband() });
    const user = open(broadband());
    await user.selectOptions(screen.getByLabelText(LABEL), 'pounds');
    const amount = screen.getByLabelText('Rise a month (£)');
    await user.type(amount, '3.001');
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));
    expect(await screen.findByText(PRICE_RISE_MESSAGES.amountInvalid)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.clear(amount);
    await user.type(amount, '3.00');
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ price_rise: { kind: 'pounds', pence_a_month: 300 } });
  });

  it('sends CPI + 3.9%, and opens with what the reminder has', async () => {
    const fetchMock = stubFetch(200, { reminder: broadband() });
    const user = open(broadband({ price_rise: { kind: 'pounds', pence_a_month: 250 } }));
    expect(screen.getByLabelText(LABEL)).toHaveValue('pounds');
    expect(screen.getByLabelText('Rise a month (£)')).toHaveValue('2.50');
    await user.selectOptions(screen.getByLabelText(LABEL), 'cpi_3_9');
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ price_rise: { kind: 'cpi_3_9' } });
  });
});

describe('the list', () => {
  it("says the price from April under the reminder's title", () => {
    const reminder = broadband({ price_rise: { kind: 'cpi_3_9' } });
    renderWithClient(
      <MemoryRouter>
        <ReminderCards reminders={[reminder]} onEdit={vi.fn()} onDelete={vi.fn()} members={null} />
      </MemoryRouter>,
    );
    const line = priceRiseLine(reminder, todayIn())!;
    expect(line).toMatch(/^From April: £31\.49 a month \(CPI \+ 3\.9%/);
    expect(screen.getByText(line)).toBeInTheDocument();
  });
});

describe("1 March's 'What to do this week'", () => {
  it('says the price rises on 1 April, with the price from then, and links the reminder', () => {
    const reminder = broadband({ id: 'bb', price_rise: { kind: 'pounds', pence_a_month: 300 } });
    renderWithClient(
      <MemoryRouter>
        <ThisWeek reminders={[reminder]} today="2031-03-01" onAnswer={vi.fn()} />
      </MemoryRouter>,
    );
    const card = screen.getByRole('region', { name: 'What to do this week' });
    expect(card).toHaveTextContent(
      'Today Broadband: Your price rises on 1 April. From April: £32.35 a month (£3.00 a month more)',
    );
    expect(within(card).getByRole('link', { name: 'View Broadband' })).toHaveAttribute(
      'href',
      '/reminders/bb',
    );
  });
});
