/**
 * The reminder dialog's options: how often you pay in the main form and the rest under 'More
 * options' (opened when editing one that uses them, or for a field refused there); every option
 * sent, a kept copy saved once the fresh one is in; a mortgage's lender, and when its deal ends;
 * the action windows' tick box.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { Reminder } from '#shared/api.ts';
import { MESSAGES } from '#shared/schemas/fields.ts';
import { ReminderDialog } from '../../web/src/features/reminders/components/ReminderDialog.tsx';
import { householdQueryKey } from '../../web/src/api/get-household.ts';
import { UK_TIPS } from '../../web/src/features/reminders/content/uk-tips.ts';
import { aReminder } from '../support/builders.ts';
import { NO_HOUSEHOLD } from './fixtures.ts';
import { onlyRequest, renderWithClient, stubFetch } from './render.tsx';
import { DATE, errorOf, field, fillGym, open, REMINDER, setUpDialogTests } from './reminder-dialog-kit.tsx';

setUpDialogTests();

describe('ReminderDialog', () => {
  it('asks how often you pay in the main form, with the amount labelled by it; the rest under More options', async () => {
    const { user } = open();
    const more = screen.getByRole('button', { name: 'More options' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    // Mortgage by default: a deal that ends, paid monthly, with the mortgage's lead days.
    expect(field(/^How often do you pay/)).toBeVisible();
    expect(field(/^How often do you pay/)).toHaveValue('monthly');
    expect(screen.getByRole('option', { name: 'One-off payment' })).toBeInTheDocument();
    expect(field(/^Amount/)).toHaveAccessibleName(/^Amount \(£\) per month/);
    expect(screen.getByRole('group', { name: 'When does your deal end?' })).toBeVisible();
    expect(screen.getByRole('radio', { name: 'It ends on a date' })).toBeChecked();
    expect(field(DATE)).toHaveAccessibleName('Deal ends *');
    expect(field(/^Remind me/)).not.toBeVisible();
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(field(/^Remind me/)).toHaveValue('90, 60, 30, 14, 7, 0');
    expect(screen.getByText(UK_TIPS.mortgage)).toBeInTheDocument();
    // Paid yearly or monthly, a deal's end keeps its lead days.
    await user.selectOptions(field(/^How often do you pay/), 'yearly');
    expect(field(/^Remind me/)).toHaveValue('90, 60, 30, 14, 7, 0');
    await user.selectOptions(field(/^How often do you pay/), 'monthly');
    // Insurance renews every year.
    await user.selectOptions(field(/^Category/), 'insurance');
    expect(field(/^How often do you pay/)).toHaveValue('yearly');
    expect(field(/^Amount/)).toHaveAccessibleName(/^Amount \(£\) per year/);
    expect(screen.getByRole('radio', { name: 'It renews' })).toBeChecked();
    expect(field(/^Renews every/)).toHaveValue('yearly');
    expect(field(DATE)).toHaveAccessibleName('Renews on *');
    expect(field(/^Remind me/)).toHaveValue('30, 14, 7, 1, 0');
    expect(screen.getByText(UK_TIPS.insurance)).toBeInTheDocument();
    // Subscriptions are rolling monthly charges: one mail 3 days before each charge.
    await user.selectOptions(field(/^Category/), 'subscriptions');
    expect(field(/^How often do you pay/)).toHaveValue('monthly');
    expect(field(/^Amount/)).toHaveAccessibleName(/^Amount \(£\) per month/);
    expect(screen.getByRole('radio', { name: 'Rolling monthly, no end date' })).toBeChecked();
    expect(screen.queryByLabelText(/^Renews every/)).toBeNull();
    expect(field(DATE)).toHaveAccessibleName('Next payment *');
    expect(field(/^Remind me/)).toHaveValue('3');
    await user.selectOptions(field(/^How often do you pay/), 'quarterly');
    expect(screen.getByRole('radio', { name: 'Rolling every 3 months, no end date' })).toBeChecked();
    expect(field(/^Remind me/)).toHaveValue('3');
    // A yearly subscription that renews: the category's lead days.
    await user.click(screen.getByRole('radio', { name: 'It renews' }));
    expect(field(/^Remind me/)).toHaveValue('14, 7, 1, 0');
    // Days the user typed stay when the category or the kind changes again.
    await user.clear(field(/^Remind me/));
    await user.type(field(/^Remind me/), '45, 3');
    await user.selectOptions(field(/^Category/), 'insurance');
    await user.click(screen.getByRole('radio', { name: 'It ends on a date' }));
    expect(field(/^Remind me/)).toHaveValue('45, 3');
  });

  it('sends every option, and refuses an act-by date after the renewal and bad lead days', async () => {
    const fetchMock = stubFetch(201, { reminder: REMINDER });
    const { user } = open();
    await fillGym(user);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    await user.type(field(/^Act by/), '2030-02-01');
    await user.clear(field(/^Remind me/));
    await user.type(field(/^Remind me/), '7, x');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(errorOf(/^Act by/)).toContain(MESSAGES.actByAfterRenewal));
    expect(errorOf(/^Remind me/)).toContain(MESSAGES.leadDaysInvalid);
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(field(/^Act by/));
    await user.type(field(/^Act by/), '2030-01-01');
    await user.clear(field(/^Remind me/));
    await user.type(field(/^Remind me/), '7, 30, 0');
    await user.selectOptions(field(/^How often do you pay/), 'monthly');
    await user.click(field(/^Renews automatically/));
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({
      repeats: 'monthly',
      billing: 'monthly',
      date_kind: 'next_payment',
      auto_renew: true,
      act_by: '2030-01-01',
      lead_days: [30, 7, 0],
    });
  });

  it('saves a kept copy only once the fresh one is in, which fills the fields not changed', async () => {
    const fetchMock = stubFetch(200, { reminder: REMINDER });
    const dialog = (reminder: Reminder, refreshing: boolean) => (
      <ReminderDialog open reminder={reminder} onOpenChange={vi.fn()} refreshing={refreshing} />
    );
    const view = renderWithClient(dialog(REMINDER, true), [[householdQueryKey, NO_HOUSEHOLD]]);
    const user = userEvent.setup();
    await user.clear(field(/^Notes/));
    await user.type(field(/^Notes/), 'Called them');
    const update = screen.getByRole('button', { name: 'Update Reminder' });
    expect(update).toBeDisabled();
    await user.type(field(/^Title/), '{Enter}');
    expect(fetchMock).not.toHaveBeenCalled();

    // Meanwhile the job moved the date on and another device changed the provider.
    const fresh = { ...REMINDER, renewal_date: '2031-03-14', provider: 'Direct Line' };
    view.rerender(dialog(fresh, false));
    await waitFor(() => expect(field(DATE)).toHaveValue('2031-03-14'));
    expect(field(/^Provider/)).toHaveValue('Direct Line');
    expect(field(/^Notes/)).toHaveValue('Called them');
    await user.click(update);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({
      renewal_date: '2031-03-14',
      provider: 'Direct Line',
      notes: 'Called them',
    });
    // The toaster outlives the test: its toast must not answer for the next one's.
    await screen.findByText('Reminder updated successfully');
    toast.dismiss();
    await waitFor(() => expect(screen.queryByText('Reminder updated successfully')).toBeNull());
  });

  it('opens More options when editing a reminder that uses them', () => {
    open({ ...REMINDER, act_by: '2030-02-14', lead_days: [60, 0] });
    expect(screen.getByRole('button', { name: 'More options' })).toHaveAttribute('aria-expanded', 'true');
    expect(field(/^Act by/)).toHaveValue('2030-02-14');
    expect(field(/^Remind me/)).toHaveValue('60, 0');
  });

  it('asks a mortgage for its lender from the list, and sends it; another category has no lender', async () => {
    const fetchMock = stubFetch(201, { reminder: REMINDER });
    const { user } = open();
    // Mortgage by default: the select is there, with the table's lenders and 'Another lender'.
    const lender = field(/^Lender/);
    expect(lender).toHaveValue('');
    expect([...(lender as HTMLSelectElement).options].map((o) => o.text)).toContain('Another lender');
    await user.selectOptions(lender, 'nationwide');
    await user.type(field(/^Title/), 'Home loan');
    await user.type(field(/^Provider/), 'Nationwide');
    await user.type(field(DATE), '2030-09-30');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ lender: 'nationwide', action_windows: true });

    await user.selectOptions(field(/^Category/), 'insurance');
    expect(screen.queryByLabelText(/^Lender/)).toBeNull();
  });

  it("has 'Also tell me the best day to act' ticked by default; unticked, it is sent off", async () => {
    const fetchMock = stubFetch(200, { reminder: REMINDER });
    const { user } = open(REMINDER);
    await user.click(screen.getByRole('button', { name: 'More options' }));
    const box = field(/^Also tell me the best day to act/);
    expect(box).toBeChecked();
    expect(errorOf(/^Also tell me the best day to act/)).toContain('Best time to get quotes');
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ action_windows: false, lender: null });
  });
  it('asks a mortgage saved as a monthly payment when its deal ends, and sends the answer', async () => {
    const fetchMock = stubFetch(200, { reminder: REMINDER });
    // Saved before the date's kind was asked: its date is the next monthly payment.
    const cutDown = aReminder({
      title: 'Mortgage',
      category: 'mortgage',
      provider: 'Nationwide',
      renewal_date: '2030-01-28',
      amount: 1150,
      repeats: 'monthly',
      billing: 'monthly',
      date_kind: 'next_payment',
      ask_deal_end: true,
    });
    const { user } = open(cutDown);
    expect(screen.getByRole('note')).toHaveTextContent(/^When does your deal end\?/);
    expect(screen.getByRole('radio', { name: 'It ends on a date' })).toBeChecked();
    expect(field(DATE)).toHaveAccessibleName('Deal ends *');
    expect(field(DATE)).toHaveValue('');
    // Rolling monthly after all: its date is the one it had.
    await user.click(screen.getByRole('radio', { name: 'Rolling monthly, no end date' }));
    expect(field(DATE)).toHaveValue('2030-01-28');
    await user.click(screen.getByRole('radio', { name: 'It ends on a date' }));
    await user.clear(field(DATE));
    await user.type(field(DATE), '2030-06-30');
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({
      renewal_date: '2030-06-30',
      billing: 'monthly',
      date_kind: 'deal_end',
      repeats: 'none',
      ask_deal_end: false,
      // The mortgage's own lead days again, not one mail before each month.
      lead_days: null,
    });
  });

  it("fills 'Provider' with the lender picked, while it is empty or still the name a pick put there", async () => {
    const { user } = open();
    await user.selectOptions(field(/^Lender/), 'nationwide');
    expect(field(/^Provider/)).toHaveValue('Nationwide');
    // Another pick replaces the name the last one put there; 'Another lender' names nobody.
    await user.selectOptions(field(/^Lender/), 'lloyds');
    expect(field(/^Provider/)).toHaveValue('Lloyds Bank');
    await user.selectOptions(field(/^Lender/), 'other');
    expect(field(/^Provider/)).toHaveValue('');
    await user.selectOptions(field(/^Lender/), 'hsbc');
    expect(field(/^Provider/)).toHaveValue('HSBC');
    // What the user types is theirs: no pick overwrites it.
    await user.clear(field(/^Provider/));
    await user.type(field(/^Provider/), 'My broker');
    await user.selectOptions(field(/^Lender/), 'barclays');
    expect(field(/^Provider/)).toHaveValue('My broker');
    await user.selectOptions(field(/^Lender/), 'santander');
    expect(field(/^Provider/)).toHaveValue('My broker');
  });

  it('fills no provider when opened on a mortgage, and clears a required message when a pick fills it', async () => {
    const { user } = open({ ...REMINDER, category: 'mortgage', lender: 'halifax', provider: 'Halifax' });
    expect(field(/^Provider/)).toHaveValue('Halifax');
    await user.clear(field(/^Provider/));
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));
    await waitFor(() => expect(errorOf(/^Provider/)).toBe(MESSAGES.providerRequired));
    await user.selectOptions(field(/^Lender/), 'natwest');
    expect(field(/^Provider/)).toHaveValue('NatWest');
    await waitFor(() => expect(field(/^Provider/)).toHaveAttribute('aria-invalid', 'false'));
  });

  it("opens a collapsed 'More options' for a field refused there, focuses it, and keeps it open", async () => {
    const fetchMock = stubFetch(201, { reminder: REMINDER });
    const { user } = open();
    await fillGym(user);
    const more = screen.getByRole('button', { name: 'More options' });
    await user.click(more);
    await user.clear(field(/^Remind me/));
    await user.type(field(/^Remind me/), '7, x');
    await user.click(more);
    expect(field(/^Remind me/)).not.toBeVisible();
    // Where focus lands, and whether the field could be seen then (a hidden one cannot take focus).
    const focused: boolean[] = [];
    field(/^Remind me/).addEventListener('focus', (e) =>
      focused.push((e.target as HTMLElement).closest('[hidden]') === null),
    );

    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(errorOf(/^Remind me/)).toContain(MESSAGES.leadDaysInvalid));
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(field(/^Remind me/)).toBeVisible();
    expect(field(/^Remind me/)).toHaveFocus();
    expect(focused.length).toBeGreaterThan(0);
    expect(focused.every(Boolean)).toBe(true);

    // Put right, the message goes and the section stays open around the field being typed in.
    await user.type(field(/^Remind me/), '{Backspace}{Backspace}{Backspace}');
    await waitFor(() => expect(field(/^Remind me/)).toHaveAttribute('aria-invalid', 'false'));
    expect(more).toHaveAttribute('aria-expanded', 'true');
    expect(field(/^Remind me/)).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
