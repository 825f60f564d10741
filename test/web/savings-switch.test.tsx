/**
 * The outcome page ('How did you do?'): 'I switched' starts with an empty 'New provider' and needs
 * one, while the other answers keep their prefilled next date; money is read as typed ('£1,150.00').
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Quote, ReminderDetails } from '#shared/api.ts';
import { MESSAGES } from '#shared/schemas/fields.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { meQueryKey } from '../../web/src/api/get-me.ts';
import { reminderQueryKey } from '../../web/src/api/get-reminder.ts';
import SavingsPage from '../../web/src/features/savings/pages/SavingsPage.tsx';
import { aReminder } from '../support/builders.ts';
import { aProfile } from './fixtures.ts';
import { renderWithClient } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

const REMINDER = aReminder({ provider: 'Aviva', amount: 1250, repeats: 'yearly' });
const quote = (provider: string, price: number): Quote => ({
  id: crypto.randomUUID(),
  reminder_id: REMINDER.id,
  renewal_date: REMINDER.renewal_date,
  provider,
  price,
  quoted_on: '2030-02-01',
  notes: null,
  renewal_offer: false,
  created_at: '2030-02-01T09:00:00.000Z',
});

/** The API: the reminder's details for a read, 200 for the outcome; the outcomes sent are kept. */
function stubApi(details: ReminderDetails) {
  const sent: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'POST') sent.push(JSON.parse(String(init.body)));
      const body = init?.method === 'POST' ? {} : details;
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return sent;
}

function openPage(quotes: Quote[] = []) {
  const details: ReminderDetails = { reminder: REMINDER, next_mail: null, history: [], snoozes: [], quotes };
  const sent = stubApi(details);
  renderWithClient(
    <MemoryRouter initialEntries={[`/savings/${REMINDER.id}`]}>
      <Routes>
        <Route path="/savings/:reminderId" element={<SavingsPage />} />
      </Routes>
    </MemoryRouter>,
    [
      [reminderQueryKey(REMINDER.id), details],
      [meQueryKey, { profile: aProfile(), isAdmin: false }],
    ],
  );
  return { sent, user: userEvent.setup() };
}

const field = (label: RegExp | string) => screen.getByLabelText(label);

describe("the outcome page's 'I switched'", () => {
  it('starts with an empty New provider, needs one, and reads the new price as typed', async () => {
    const { sent, user } = openPage();
    // Another answer first: its prefill (the next date) stays, and it shows no provider.
    await user.click(await screen.findByLabelText('I haggled a better price'));
    expect(field('Next renewal date')).toHaveValue('2031-03-14');
    expect(screen.queryByLabelText('New provider')).toBeNull();

    await user.click(field('I switched'));
    expect(field('Next renewal date')).toHaveValue('2031-03-14');
    expect(field('New provider')).toHaveValue('');

    // Left empty, the switch would be recorded as a renewal with Aviva: it is asked for instead.
    await user.click(screen.getByRole('button', { name: 'Record Savings' }));
    await waitFor(() => expect(field('New provider')).toHaveAccessibleDescription(MESSAGES.providerRequired));
    expect(field('New provider')).toHaveFocus();
    expect(sent).toEqual([]);

    await user.type(field('New provider'), 'Admiral');
    await user.type(field(/^New price/), '£1,150.00');
    // The price drop is suggested as the saving: £1,250 - £1,150.
    await waitFor(() => expect(field(/^Amount saved/)).toHaveValue('100.00'));
    await user.click(screen.getByRole('button', { name: 'Record Savings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      outcome: 'saved',
      saved_amount: '100',
      next_renewal_date: '2031-03-14',
      new_provider: 'Admiral',
      new_price: 1150,
      cancelled: false,
      // The term the answer is for.
      renewal_date: '2030-03-14',
    });
  });

  it("shows no old provider after a haggled quote is taken: 'I switched' still starts empty", async () => {
    const { sent, user } = openPage([quote('Aviva', 1100)]);
    await user.click(await screen.findByRole('button', { name: 'Use this quote' }));
    expect(field('I haggled a better price')).toBeChecked();
    expect(field(/^New price/)).toHaveValue('1100.00');
    await user.click(screen.getByRole('button', { name: 'Record Savings' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    // A haggle keeps the provider it had.
    expect(sent[0]).toMatchObject({ outcome: 'saved', saved_amount: '150', new_provider: 'Aviva' });

    await user.click(field('I switched'));
    expect(field('New provider')).toHaveValue('');
  });
});
