/**
 * The reminder dialog: empty in create mode, prefilled in edit mode; every validation message for bad
 * input; a valid form sends the parsed reminder to the API; server field errors land on their fields.
 * (Its options, the contract's and a mortgage's: reminder-dialog-options.test.tsx.)
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES, NOTES_MAX, PROVIDER_MAX, TITLE_MAX } from '#shared/schemas/fields.ts';
import { aReminder, aReminderInput } from '../support/builders.ts';
import { onlyRequest, stubFetch } from './render.tsx';
import {
  DATE,
  errorOf,
  expectMainFields,
  field,
  open,
  REMINDER,
  schemaMessage,
  setUpDialogTests,
} from './reminder-dialog-kit.tsx';

setUpDialogTests();

describe('ReminderDialog', () => {
  it('opens empty in create mode', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Add New Reminder' })).toBeInTheDocument();
    expectMainFields(['', 'mortgage', '', '', '', '']);
    expect(screen.getByRole('button', { name: 'Create Reminder' })).toBeEnabled();
  });

  it('opens prefilled in edit mode', () => {
    open(REMINDER);
    expect(screen.getByRole('dialog', { name: 'Edit Reminder' })).toBeInTheDocument();
    expectMainFields([
      'Home insurance',
      'insurance',
      'Aviva',
      '2030-03-14',
      '420.5',
      'Ask about the multi-car discount',
    ]);
    expect(screen.getByRole('button', { name: 'Update Reminder' })).toBeInTheDocument();
  });

  it('shows the required-field messages, on their fields, and sends nothing', async () => {
    const fetchMock = stubFetch(201, {});
    const { user } = open();
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await screen.findByText(MESSAGES.titleRequired);
    expect(errorOf(/^Title/)).toBe(MESSAGES.titleRequired);
    expect(errorOf(/^Provider/)).toBe(MESSAGES.providerRequired);
    expect(errorOf(DATE)).toBe(MESSAGES.renewalDateRequired);
    expect(field(/^Title/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Amount/)).toHaveAttribute('aria-invalid', 'false');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the messages for values that are too long, negative or not a real date', async () => {
    const fetchMock = stubFetch(201, {});
    const { user } = open();
    const long = (n: number) => 'x'.repeat(n + 1);
    for (const [label, text] of [
      [/^Title/, long(TITLE_MAX)],
      [/^Provider/, long(PROVIDER_MAX)],
      [/^Notes/, long(NOTES_MAX)],
    ] as const) {
      await user.click(field(label));
      await user.paste(text);
    }
    await user.type(field(/^Amount/), '-5');
    // A date the calendar does not have: the date input keeps no value, as in a browser.
    await user.type(field(DATE), '2026-02-30');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));

    await screen.findByText(MESSAGES.amountNegative);
    const values = { title: long(TITLE_MAX), provider: long(PROVIDER_MAX), notes: long(NOTES_MAX) };
    expect(errorOf(/^Title/)).toBe(schemaMessage({ ...values }, 'title'));
    expect(errorOf(/^Provider/)).toBe(schemaMessage({ ...values }, 'provider'));
    expect(errorOf(/^Notes/)).toBe(schemaMessage({ ...values }, 'notes'));
    expect(errorOf(/^Amount/)).toBe(MESSAGES.amountNegative);
    expect(field(DATE)).toHaveValue('');
    expect(errorOf(DATE)).toBe(MESSAGES.renewalDateRequired);
    expect(fetchMock).not.toHaveBeenCalled();

    // Letters in the amount are kept as typed and refused, not dropped.
    await user.clear(field(/^Amount/));
    await user.type(field(/^Amount/), '12abc');
    expect(field(/^Amount/)).toHaveValue('12abc');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(errorOf(/^Amount/)).toBe(MESSAGES.amountInvalid));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('creates: posts the parsed reminder, says so and closes', async () => {
    const fetchMock = stubFetch(201, { reminder: REMINDER });
    const { user, onOpenChange } = open();
    await user.type(field(/^Title/), '  Car insurance  ');
    await user.selectOptions(field(/^Category/), 'insurance');
    await user.type(field(/^Provider/), 'Admiral');
    await user.type(field(DATE), '2030-01-31');
    await user.type(field(/^Amount/), '612.40');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));

    await screen.findByText('Reminder created successfully');
    expect(onlyRequest(fetchMock)).toEqual({
      path: '/api/reminders',
      method: 'POST',
      authorization: 'Bearer test-token',
      // The category's defaults: insurance renews every year, paid yearly; outside a household
      // nothing is shared.
      body: aReminderInput({ provider: 'Admiral', renewal_date: '2030-01-31', amount: 612.4 }),
    });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('updates: puts the changed reminder to its own address; a blank amount is sent as none', async () => {
    const fetchMock = stubFetch(200, { reminder: REMINDER });
    const { user } = open(REMINDER);
    await user.clear(field(/^Amount/));
    await user.clear(field(/^Provider/));
    await user.type(field(/^Provider/), 'Direct Line');
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));

    await screen.findByText('Reminder updated successfully');
    const request = onlyRequest(fetchMock);
    expect(request.path).toBe(`/api/reminders/${REMINDER.id}`);
    expect(request.method).toBe('PUT');
    expect(request.body).toMatchObject({ provider: 'Direct Line', amount: null, title: 'Home insurance' });
  });

  it("puts the server's field errors on their fields, any other on the form, with an error toast", async () => {
    stubFetch(400, {
      message: 'Validation failed',
      fieldErrors: { provider: ['Provider is not allowed'], owner: ['Not your reminder'] },
    });
    const { user, onOpenChange } = open(REMINDER);
    await user.click(screen.getByRole('button', { name: 'Update Reminder' }));

    await screen.findByText('Failed to update reminder');
    expect(errorOf(/^Provider/)).toBe('Provider is not allowed');
    expect(screen.getByRole('alert')).toHaveTextContent('Not your reminder');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Reminder' })).toBeEnabled());
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('asks for the next date of one gone by more than a term, instead of counting the days overdue', () => {
    open(aReminder({ renewal_date: '2019-06-01', repeats: 'none', billing: 'none', date_kind: 'deal_end' }));
    expect(screen.getByRole('note')).toHaveTextContent(/^This date has passed\. When does it renew next\?/);
    expect(field(DATE)).toHaveValue('');
  });

  it("reads money as it is typed: '£1,150.00' saves 1150; a decimal comma is refused", async () => {
    const fetchMock = stubFetch(201, { reminder: REMINDER });
    const { user } = open();
    await user.type(field(/^Title/), 'Car insurance');
    await user.selectOptions(field(/^Category/), 'insurance');
    await user.type(field(/^Provider/), 'Admiral');
    await user.type(field(DATE), '2030-01-31');
    await user.type(field(/^Amount/), '11,50');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(errorOf(/^Amount/)).toBe(MESSAGES.amountInvalid));
    expect(fetchMock).not.toHaveBeenCalled();

    await user.clear(field(/^Amount/));
    await user.type(field(/^Amount/), '£1,150.00');
    await user.click(screen.getByRole('button', { name: 'Create Reminder' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(onlyRequest(fetchMock).body).toMatchObject({ amount: 1150 });
  });
});
