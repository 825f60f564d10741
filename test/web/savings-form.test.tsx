/**
 * The savings form: an amount saved (checked, sent as text with its value in pounds) or renewed with
 * no saving; each amount message for bad input; a failed save reported in a toast.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { SAVINGS_MESSAGES } from '#shared/savingsSchemas.ts';
import type { RecordSavingsBody } from '../../web/src/features/savings/api/record-savings.ts';
import { SavingsForm } from '../../web/src/features/savings/components/SavingsForm.tsx';

type OnRecord = (body: RecordSavingsBody, amount: number) => Promise<void>;

function renderForm({ busy = false, onRecord = vi.fn<OnRecord>(async () => undefined) } = {}) {
  render(
    <>
      <SavingsForm onRecord={onRecord} busy={busy} />
      <Toaster />
    </>,
  );
  return { onRecord, user: userEvent.setup(), amount: screen.getByLabelText('Amount saved (£)') };
}

const recordSavings = () => screen.getByRole('button', { name: 'Record Savings' });
const renewedNoSavings = () => screen.getByRole('button', { name: 'I Renewed (No Savings)' });

describe('SavingsForm', () => {
  it('offers both outcomes, with the amount described by its hint', () => {
    const { amount } = renderForm();
    expect(recordSavings()).toBeEnabled();
    expect(renewedNoSavings()).toBeEnabled();
    expect(amount).toHaveAccessibleDescription('Pounds and pence, for example 125.50.');
  });

  it('records an amount saved: the text as entered and its value in pounds', async () => {
    const { onRecord, user, amount } = renderForm();
    await user.type(amount, '125.50');
    await user.click(recordSavings());
    await waitFor(() => expect(onRecord).toHaveBeenCalledTimes(1));
    expect(onRecord).toHaveBeenCalledWith({ outcome: 'saved', saved_amount: '125.5' }, 125.5);
  });

  it("reads the amount as typed: '£1,150.00' is 1150", async () => {
    const { onRecord, user, amount } = renderForm();
    await user.type(amount, '£1,150.00');
    await user.click(recordSavings());
    await waitFor(() => expect(onRecord).toHaveBeenCalledTimes(1));
    expect(onRecord).toHaveBeenCalledWith({ outcome: 'saved', saved_amount: '1150' }, 1150);
  });

  it('counts a blank amount as £0, as does 0: recorded as a renewal with no saving', async () => {
    const { onRecord, user, amount } = renderForm();
    await user.click(recordSavings());
    await waitFor(() => expect(onRecord).toHaveBeenCalledWith({ outcome: 'no_saving' }, 0));
    await user.type(amount, '0.00');
    await user.click(recordSavings());
    await waitFor(() => expect(onRecord).toHaveBeenCalledTimes(2));
    expect(onRecord).toHaveBeenLastCalledWith({ outcome: 'no_saving' }, 0);
    expect(amount).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('records a renewal with no saving without checking the amount', async () => {
    const { onRecord, user, amount } = renderForm();
    await user.type(amount, '-3');
    await user.click(renewedNoSavings());
    await waitFor(() => expect(onRecord).toHaveBeenCalledWith({ outcome: 'no_saving' }, 0));
  });

  it.each([
    ['-1', SAVINGS_MESSAGES.negative],
    ['12abc', SAVINGS_MESSAGES.decimals],
    // A decimal comma is never guessed at: 5,00 is neither £5 nor £500.
    ['5,00', SAVINGS_MESSAGES.decimals],
    ['£1,15', SAVINGS_MESSAGES.decimals],
    ['12.345', SAVINGS_MESSAGES.decimals],
    ['123456789012345678901', SAVINGS_MESSAGES.tooLong],
  ])('refuses %s with "%s"', async (typed, message) => {
    const { onRecord, user, amount } = renderForm();
    await user.type(amount, typed);
    await user.click(recordSavings());
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(onRecord).not.toHaveBeenCalled();
  });

  it('words the amount messages as the page has always shown them', () => {
    expect(SAVINGS_MESSAGES).toStrictEqual({
      negative: 'Amount cannot be negative',
      tooLong: 'Please enter a reasonable amount',
      decimals: 'Please enter a valid amount with max 2 decimal places',
    });
  });

  it('disables both outcomes while busy', () => {
    renderForm({ busy: true });
    expect(recordSavings()).toBeDisabled();
    expect(renewedNoSavings()).toBeDisabled();
  });

  it('reports a failed save in a toast and lets the user try again', async () => {
    const onRecord = vi.fn<OnRecord>(async () => {
      throw new Error('Network down');
    });
    const { user } = renderForm({ onRecord });
    await user.click(renewedNoSavings());
    expect(await screen.findByText('Failed to record your response')).toBeInTheDocument();
    expect(renewedNoSavings()).toBeEnabled();
  });
});
