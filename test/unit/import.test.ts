/**
 * Reading our own CSV: it round-trips every field of any reminder; a bad row carries the dialog's
 * messages and its number; what the file leaves blank takes the category's defaults. (Other
 * trackers' and spreadsheets' files, refusals and duplicates: import-formats.test.ts.)
 */
import { hasHiddenCharacters, hasVisibleCharacters } from '../../shared/visibleText.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { CATEGORY_VALUES } from '../../shared/reminder/categories.ts';
import { remindersCsv } from '../../shared/csv.ts';
import { IMPORT_MESSAGES, readImportFile } from '../../shared/import.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { REPEATS_VALUES } from '../../shared/reminder/terms.ts';
import { contractOf, DATE_KIND_VALUES } from '../../shared/reminder/contract.ts';
import { LENDER_VALUES } from '../../shared/reminder/lenders.ts';
import { oneOffContract } from '../../lambdas/store/reminders/index.ts';
import { HEADER, read, rowsOf } from '../support/import-files.ts';

// The schema refuses control characters (notes keep line breaks): generated text drops them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_BUT_LF = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g;

describe('our CSV', () => {
  // Text that looks like a formula, or like its escape, included.
  const printable = (max: number) =>
    fc
      .oneof(
        fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }),
        fc
          .tuple(fc.constantFrom("'", '=', '+', '-', '@', "''", "'="), fc.string({ maxLength: 10 }))
          .map(([head, tail]) => head + tail),
      )
      .map((s) => s.replace(CONTROL, '').trim())
      // Only text a reminder can hold: no hidden characters, something visible (shared/visibleText.ts).
      .filter((s) => s !== '' && !hasHiddenCharacters(s) && hasVisibleCharacters(s));
  const date = fc
    .date({
      min: new Date('2026-01-01T00:00:00Z'),
      max: new Date('2040-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  const reminder = fc
    .record({
      title: printable(60),
      category: fc.constantFrom(...CATEGORY_VALUES),
      provider: printable(40),
      renewal_date: date,
      pence: fc.option(fc.integer({ min: 0, max: 10_000_000 }), { nil: null }),
      notes: fc.option(
        fc
          .string({ maxLength: 80 })
          .map((s) => s.replace(CONTROL_BUT_LF, ''))
          .filter((s) => !hasHiddenCharacters(s)),
        { nil: null },
      ),
      billing: fc.constantFrom(...REPEATS_VALUES),
      date_kind: fc.constantFrom(...DATE_KIND_VALUES),
      term: fc.constantFrom(...REPEATS_VALUES.filter((r) => r !== 'weekly')),
      auto_renew: fc.boolean(),
      action_windows: fc.boolean(),
      lender: fc.option(fc.constantFrom(...LENDER_VALUES), { nil: null }),
      act_by_days: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
      lead_days: fc.option(fc.uniqueArray(fc.integer({ min: 0, max: 365 }), { minLength: 1, maxLength: 8 }), {
        nil: null,
      }),
      price_rise: fc.option(
        fc.oneof(
          fc.constantFrom({ kind: 'cpi_3_9' as const }, { kind: 'rpi_3_9' as const }),
          fc.record({
            kind: fc.constant('pounds' as const),
            pence_a_month: fc.integer({ min: 1, max: 100_000 }),
          }),
        ),
        { nil: null },
      ),
    })
    .map(({ pence, act_by_days, billing, date_kind, term, ...r }): Reminder => {
      const actBy =
        act_by_days === null
          ? null
          : new Date(Date.parse(r.renewal_date) - act_by_days * 86_400_000).toISOString().slice(0, 10);
      return {
        id: 'r',
        user_id: 'u',
        ...oneOffContract(r.renewal_date),
        ...r,
        ...contractOf(r.category, { billing, date_kind, repeats: term }),
        notes: r.notes && r.notes.trim() !== '' ? r.notes : null,
        amount: pence === null ? null : pence / 100,
        act_by: actBy,
        lead_days: r.lead_days ? [...r.lead_days].sort((a, b) => b - a) : null,
        created_at: '',
        updated_at: '',
      };
    });

  it('reads back every field of any reminder the export wrote', () => {
    fc.assert(
      fc.property(fc.array(reminder, { minLength: 1, maxLength: 5 }), (reminders) => {
        const file = read('renewal-reminders.csv', remindersCsv(reminders));
        const rows = rowsOf(file);
        expect(file.ok && file.format).toBe('csv');
        expect(rows.map((r) => r.errors)).toEqual(reminders.map(() => []));
        expect(rows.map((r) => r.reminder)).toEqual(
          reminders.map((r) => ({
            title: r.title,
            category: r.category,
            provider: r.provider,
            renewal_date: r.renewal_date,
            amount: r.amount,
            notes: r.notes,
            repeats: r.repeats,
            billing: r.billing,
            date_kind: r.date_kind,
            ask_deal_end: false,
            auto_renew: r.auto_renew,
            act_by: r.act_by,
            // The category's own days are stored as null, as the dialog does.
            lead_days: expect.toSatisfy((days: number[] | null) =>
              days === null ? true : JSON.stringify(days) === JSON.stringify(r.lead_days),
            ),
            action_windows: r.action_windows,
            // Only a mortgage has a lender: another category's is dropped, as the dialog does.
            lender: r.category === 'mortgage' ? r.lender : null,
            // Not in the CSV: the registration number stays out of spreadsheets.
            kept_vehicle: null,
            vehicle_date: null,
            // An import fills the importer's own list: sharing is the dialog's.
            shared: false,
            deals_with: null,
            who_pays: null,
            // Only a phone, broadband or pay TV contract has one, as the dialog keeps it.
            price_rise: r.category === 'broadband_mobile' ? r.price_rise : null,
          })),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('numbers rows as a spreadsheet does and gives each bad field the dialog’s message', () => {
    const rows = rowsOf(
      read(
        'mine.csv',
        [
          HEADER,
          'Car insurance,Insurance,Admiral,31/03/2027,"£1,234.50",,Every year,Yes,,',
          ',mortgage,Nationwide,2027-02-30,abc,,fortnightly,maybe,,',
          'Gym,Gyms,PureGym,2027-05-01,20,,,,2027-06-01,"1, 2, x"',
        ].join('\r\n'),
      ),
    );
    expect(rows.map((r) => r.row)).toEqual([2, 3, 4]);
    expect(rows[0]!.reminder).toMatchObject({
      category: 'insurance',
      renewal_date: '2027-03-31',
      amount: 1234.5,
      repeats: 'yearly',
      auto_renew: true,
      lead_days: null,
    });
    expect(rows[1]!.reminder).toBeNull();
    expect(rows[1]!.errors).toEqual([
      MESSAGES.repeatsInvalid,
      IMPORT_MESSAGES.autoRenewInvalid,
      MESSAGES.titleRequired,
      IMPORT_MESSAGES.renewalDateInvalid,
      MESSAGES.amountInvalid,
    ]);
    expect(rows[2]!.errors).toEqual([
      MESSAGES.categoryInvalid,
      MESSAGES.leadDaysInvalid,
      MESSAGES.actByAfterRenewal,
    ]);
  });

  it('reads an amount as the dialog does: thousands commas, £ or GBP, spaces; a decimal comma is refused', () => {
    const amounts = ['1150', '"1,150"', '"£1,150.00"', '" 1150 "', 'GBP 1150', '"1,150.00 GBP"', '£1 150'];
    const refused = ['"11,50"', '"£1,15"', '"1.150,00"', '"£11,5"'];
    const rows = rowsOf(
      read(
        'mine.csv',
        [
          HEADER,
          ...[...amounts, ...refused].map((a, i) => `Gym ${i},Subscriptions,PureGym,2027-05-01,${a},,,,,`),
        ].join('\r\n'),
      ),
    );
    for (const row of rows.slice(0, amounts.length)) {
      expect(row.errors).toEqual([]);
      expect(row.reminder).toMatchObject({ amount: 1150 });
    }
    for (const row of rows.slice(amounts.length)) {
      expect(row.reminder).toBeNull();
      expect(row.errors).toEqual([MESSAGES.amountInvalid]);
    }
    // Another tracker's pounds go through the same reading; another currency keeps its decimal comma.
    const wallos = rowsOf(
      read(
        'w.json',
        JSON.stringify(
          ['£1,150.00', '£11,50', '€59,99'].map((Price) => ({
            Name: 'Insurance',
            'Payment Cycle': 'Yearly',
            'Next Payment': '2031-06-01',
            Price,
          })),
        ),
      ),
    );
    expect(wallos.map((r) => (r.reminder ? r.reminder.amount : r.errors))).toEqual([
      1150,
      [MESSAGES.amountInvalid],
      null,
    ]);
    expect(wallos[2]!.foreign_price).toBe('€59.99');
  });

  it('reads the best day to act and a lender by name, and refuses values it does not know', () => {
    const header = 'Title,Category,Provider,Renewal date,Best day to act,Lender';
    const rows = rowsOf(
      read(
        'mine.csv',
        [
          header,
          'Home,Mortgage,HSBC,2027-09-01,no,nationwide',
          'Flat,Mortgage,Aldermore,2027-09-01,maybe,Bank of Mum',
        ].join('\r\n'),
      ),
    );
    expect(rows[0]!.reminder).toMatchObject({ action_windows: false, lender: 'nationwide' });
    expect(rows[1]!.errors).toEqual([IMPORT_MESSAGES.actionWindowsInvalid, MESSAGES.lenderInvalid]);
  });

  it('flags a date gone by more than a term, and imports it for the dashboard to ask about', () => {
    const file = `Title,Category,Provider,Renewal date\nOld deal,Mortgage,HSBC,2019-06-01\nCar,Insurance,Aviva,2026-03-01`;
    const [old, recent] = rowsOf(
      readImportFile('mine.csv', new TextEncoder().encode(file), { today: '2026-11-29' }),
    );
    expect(old!.warnings).toEqual([IMPORT_MESSAGES.datePassed]);
    expect(old!.reminder).not.toBeNull();
    // Within its year: the outcome is still what is asked, with no flag.
    expect(recent!.warnings).toEqual([]);
  });

  it('fills what the file leaves blank with the category’s defaults, as the dialog does', () => {
    const [row] = rowsOf(read('mine.csv', `${HEADER}\nBroadband,broadband_mobile,BT,2027-09-01,,,,,,`));
    // A broadband contract is a deal that ends, paid monthly.
    expect(row!.reminder).toMatchObject({
      billing: 'monthly',
      date_kind: 'deal_end',
      repeats: 'none',
      auto_renew: false,
      lead_days: null,
      amount: null,
    });
    const [mortgage] = rowsOf(
      read('mine.csv', `Title,Category,Provider,Renewal date\nHome,Mortgage,HSBC,2027-09-01`),
    );
    expect(mortgage!.reminder).toMatchObject({ repeats: 'none', notes: null, act_by: null });
  });
});
