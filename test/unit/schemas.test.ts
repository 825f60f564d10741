import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { profileUpdateSchema, signInSchema, signUpSchema } from '../../shared/schemas/account.ts';
import {
  reminderFormSchema,
  reminderFormToInput,
  reminderInputSchema,
} from '../../shared/schemas/reminder.ts';
import { nextRenewalFormToInput } from '../../shared/savingsSchemas.ts';
import { aReminderForm, NEW_REMINDER_DEFAULTS } from '../support/builders.ts';
import { messages } from '../support/issues.ts';

describe('sign-up and sign-in rules', () => {
  const valid = { email: 'a@example.com', password: 'secret', first_name: 'Ann', country: 'GB' };
  it('accepts a valid sign-up and defaults marketing consent to false', () => {
    expect(signUpSchema.parse(valid)).toMatchObject({ marketing_consent: false, last_name: '' });
  });
  it('gives the user-facing messages', () => {
    expect(messages(signUpSchema.safeParse({ ...valid, email: 'nope' }))).toEqual(['Invalid email address']);
    expect(messages(signUpSchema.safeParse({ ...valid, password: '12345' }))).toEqual([
      'Password must be at least 6 characters',
    ]);
    expect(messages(signUpSchema.safeParse({ ...valid, first_name: '' }))).toEqual([
      'First name is required',
    ]);
    expect(messages(signUpSchema.safeParse({ ...valid, first_name: 'x'.repeat(81) }))).toEqual([
      'First name must be 80 characters or less',
    ]);
    expect(messages(signUpSchema.safeParse({ ...valid, last_name: 'x'.repeat(81) }))).toEqual([
      'Last name must be 80 characters or less',
    ]);
    expect(messages(signUpSchema.safeParse({ ...valid, country: 'G' }))).toEqual(['Country is required']);
    expect(messages(signInSchema.safeParse({ email: 'a@example.com', password: '' }))).toEqual([
      'Password is required',
    ]);
    expect(
      messages(profileUpdateSchema.safeParse({ ...valid, timezone: '', marketing_consent: true })),
    ).toEqual(['Timezone is required']);
  });
});

describe('reminder rules', () => {
  const form = aReminderForm();
  /** The same reminder as the API takes it. */
  const body = { ...form, amount: null, notes: null, act_by: null, lead_days: null };

  it('turns the form into the API input: empty amount → null, empty notes → null', () => {
    expect(reminderFormToInput(form)).toEqual({
      ...form,
      amount: null,
      notes: null,
      ...NEW_REMINDER_DEFAULTS,
      // Answered in the dialog: nothing left to ask.
      ask_deal_end: false,
    });
    const member = '6a1f7c2e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(reminderFormToInput({ ...form, shared: true, deals_with: member })).toMatchObject({
      shared: true,
      deals_with: member,
    });
    expect(reminderFormToInput({ ...form, shared: false, deals_with: member }).deals_with).toBeNull();
    expect(reminderFormToInput({ ...form, shared: true, deals_with: '' }).deals_with).toBeNull();
    expect(reminderFormToInput({ ...form, amount: '412.35', notes: 'n' })).toMatchObject({
      amount: 412.35,
      notes: 'n',
    });
  });
  it('keeps the contract options: act-by date, own lead days (largest first, once each), auto-renew', () => {
    expect(
      reminderFormToInput({ ...form, act_by: '2027-01-01', lead_days: '7, 60,7, 0', auto_renew: true }),
    ).toMatchObject({ act_by: '2027-01-01', lead_days: [60, 7, 0], auto_renew: true, repeats: 'yearly' });
  });
  it('refuses an act-by date after the renewal, and bad lead days, with the dialog’s messages', () => {
    expect(messages(reminderFormSchema.safeParse({ ...form, act_by: '2027-02-01' }))).toEqual([
      MESSAGES.actByAfterRenewal,
    ]);
    expect(messages(reminderFormSchema.safeParse({ ...form, act_by: '2027-01-31' }))).toEqual([]);
    for (const bad of ['', '30, x', '1.5', '400', '-1', '9,8,7,6,5,4,3,2,1'])
      expect(messages(reminderFormSchema.safeParse({ ...form, lead_days: bad }))).toEqual([
        MESSAGES.leadDaysInvalid,
      ]);
    expect(messages(reminderInputSchema.safeParse({ ...body, act_by: '2027-02-01' }))).toEqual([
      MESSAGES.actByAfterRenewal,
    ]);
    expect(messages(reminderInputSchema.safeParse({ ...body, act_by: '2027-02-30' }))).toEqual([
      MESSAGES.actByInvalid,
    ]);
    expect(messages(reminderInputSchema.safeParse({ ...body, lead_days: [1.5] }))).toEqual([
      MESSAGES.leadDaysInvalid,
    ]);
  });
  it('gives a client that omits the contract fields a reminder that behaves as reminders always did', () => {
    const {
      repeats: _r,
      billing: _p,
      date_kind: _k,
      auto_renew: _a,
      act_by: _b,
      lead_days: _l,
      ...plain
    } = form;
    expect(reminderInputSchema.parse({ ...plain, amount: null })).toMatchObject({
      repeats: 'none',
      billing: 'none',
      // Insurance with no repeat: a renewal on that date, as it always read.
      date_kind: 'renewal',
      auto_renew: false,
      act_by: null,
      lead_days: null,
    });
  });
  it('sends no next term for a cancelled contract, whatever its fields still hold', () => {
    const next = {
      next_renewal_date: '2028-01-31',
      new_provider: ' Admiral ',
      new_price: '400',
      cancelled: false,
    };
    expect(nextRenewalFormToInput(next)).toEqual({
      next_renewal_date: '2028-01-31',
      new_provider: 'Admiral',
      new_price: 400,
      cancelled: false,
    });
    expect(nextRenewalFormToInput({ ...next, cancelled: true })).toEqual({
      next_renewal_date: null,
      new_provider: null,
      new_price: null,
      cancelled: true,
    });
  });
  it('gives the user-facing messages for missing fields', () => {
    const result = reminderFormSchema.safeParse({ ...form, title: ' ', provider: '', renewal_date: '' });
    expect(messages(result)).toEqual([
      'Title is required',
      'Provider is required',
      'Renewal date is required',
    ]);
  });
  it('refuses impossible dates and unknown categories', () => {
    expect(reminderInputSchema.safeParse({ ...body, renewal_date: '2027-02-29' }).success).toBe(false);
    expect(reminderInputSchema.safeParse({ ...body, renewal_date: '2028-02-29' }).success).toBe(true);
    expect(reminderInputSchema.safeParse({ ...body, category: 'pets' }).success).toBe(false);
  });
  it('accepts any valid date string and rejects anything not shaped YYYY-MM-DD', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1990-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }),
        (d) => {
          const iso = d.toISOString().slice(0, 10);
          expect(reminderInputSchema.safeParse({ ...body, renewal_date: iso }).success).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^\d{4}-\d{2}-\d{2}$/.test(s)),
        (s) => {
          expect(reminderInputSchema.safeParse({ ...body, renewal_date: s }).success).toBe(false);
        },
      ),
    );
  });
});
