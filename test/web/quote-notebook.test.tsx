/** 'Add a quote': the price read as typed ('£1,150.00' is 1150), sent in pounds and said in the toast. */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#shared/schemas/fields.ts';
import { setApiAuth } from '../../web/src/api/client.ts';
import { QuoteNotebook } from '../../web/src/features/reminders/components/QuoteNotebook.tsx';
import { aReminder } from '../support/builders.ts';
import { onlyRequest, renderWithClient, stubFetch } from './render.tsx';

setApiAuth({ accessToken: async () => 'test-token', accountGone: async () => undefined });
afterEach(() => vi.unstubAllGlobals());

describe("the quote notebook's price", () => {
  it("takes '£1,150.00' as 1150 and refuses a decimal comma", async () => {
    const fetchMock = stubFetch(201, { quote: {} });
    renderWithClient(<QuoteNotebook reminder={aReminder()} quotes={[]} />);
    const user = userEvent.setup();
    const price = screen.getByLabelText('Price (£)');
    await user.type(screen.getByLabelText('Provider'), 'Aviva');
    await user.type(price, '11,50');
    await user.click(screen.getByRole('button', { name: 'Add a quote' }));
    await waitFor(() =>
      expect(price).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.amountInvalid)),
    );
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(price);
    await user.type(price, '£1,150.00');
    await user.click(screen.getByRole('button', { name: 'Add a quote' }));
    await screen.findByText('Aviva: £1,150.00');
    expect(onlyRequest(fetchMock).body).toMatchObject({ provider: 'Aviva', price: 1150 });
  });
});
