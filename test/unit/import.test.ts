/**
 * Reading an import file: our own CSV round-trips every field of any reminder; Wallos and SubTrackr
 * exports (samples written from their published formats) map onto our categories and terms; each
 * bad file is refused with its own message; a bad row carries the dialog's messages and its number.
 */
import { hasHiddenCharacters, hasVisibleCharacters } from '../../shared/visibleText.ts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { CATEGORY_VALUES } from '../../shared/categories.ts';
import { remindersCsv } from '../../shared/csv.ts';
import {
  duplicateKey,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importedMessage,
  readImportFile,
  rowStatuses,
  type ImportFile,
} from '../../shared/import.ts';
import { conversionRateSchema } from '../../shared/import/values.ts';
import { MESSAGES } from '../../shared/schemas.ts';
import { REPEATS_VALUES } from '../../shared/reminder/terms.ts';
import { contractOf, DATE_KIND_VALUES } from '../../shared/reminder/contract.ts';
import { LENDER_VALUES } from '../../shared/reminder/lenders.ts';
import { oneOffContract } from '../../lambdas/store/reminders.ts';
import { aReminderInput } from '../support/builders.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const read = (name: string, text: string) => readImportFile(name, bytes(text));

function rowsOf(file: ImportFile) {
  if (!file.ok) throw new Error(`refused: ${file.error}`);
  return file.rows;
}

const HEADER =
  'Title,Category,Provider,Renewal date,Amount,Notes,Repeats,Renews automatically,Act by,Remind me';

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

describe('a Wallos export', () => {
  // Each version's own format is in import-trackers.test.ts; these are the shapes around it.
  const entry = {
    Name: 'Netflix',
    'Payment Cycle': 'Monthly',
    'Next Payment': '2027-01-15',
    Price: '£15.99',
  };

  it('reads the bare list as well as the wrapped one, and numbers entries from 1', () => {
    for (const json of [[entry, 'not an entry'], { success: true, subscriptions: [entry, 'not an entry'] }]) {
      const rows = rowsOf(read('w.json', JSON.stringify(json)));
      expect(rows.map((r) => r.row)).toEqual([1, 2]);
      expect(rows[0]!.reminder).toMatchObject({ title: 'Netflix', repeats: 'monthly', amount: 15.99 });
      expect(rows[1]!.errors).toEqual([IMPORT_MESSAGES.notAnEntry]);
    }
  });

  it('decodes each HTML entity once', () => {
    const [row] = rowsOf(
      read('w.json', JSON.stringify([{ ...entry, Name: 'A &amp;amp; B &lt;3 &#x263A; &bogus;' }])),
    );
    expect(row!.title).toBe('A &amp; B <3 \u263A &bogus;');
  });

  it('refuses JSON that is not a Wallos export', () => {
    expect(read('x.json', '{"foo":"bar"}')).toEqual({ ok: false, error: IMPORT_MESSAGES.notWallos });
    expect(read('x.json', '[{"a":1}]')).toEqual({ ok: false, error: IMPORT_MESSAGES.notWallos });
    expect(read('x.json', '{not json')).toEqual({ ok: false, error: IMPORT_MESSAGES.notWallos });
  });
});

describe('a spreadsheet with headings of its own', () => {
  it('guesses which column is which from the headings, and reads the rows through that guess', () => {
    const file = read(
      'policies.csv',
      [
        'Policy,Insurer,Expiry date,Premium (£),Cancel by,Comments',
        'Car insurance,Admiral,31/03/2031,"£612.40",01/03/2031,Renew online',
        'Home insurance,,2031-06-01,€300,,',
      ].join('\n'),
    );
    if (!file.ok) throw new Error(file.error);
    expect(file.format).toBe('spreadsheet');
    expect(file.mapping).toEqual({
      headings: ['Policy', 'Insurer', 'Expiry date', 'Premium (£)', 'Cancel by', 'Comments'],
      columns: {
        title: 'Policy',
        provider: 'Insurer',
        renewal_date: 'Expiry date',
        amount: 'Premium (£)',
        act_by: 'Cancel by',
        notes: 'Comments',
      },
    });
    expect(file.rows[0]!.reminder).toEqual(
      aReminderInput({
        provider: 'Admiral',
        renewal_date: '2031-03-31',
        amount: 612.4,
        notes: 'Renew online',
        act_by: '2031-03-01',
      }),
    );
    // No provider column value: the title, as for other trackers; euros are not pounds.
    expect(file.rows[1]!.reminder).toMatchObject({
      provider: 'Home insurance',
      amount: null,
      notes: 'Price in the file: €300.00',
    });
  });

  it('asks which columns hold the title and renewal date when the headings do not say, then reads them', () => {
    const text = ['Thing,Who,When', 'Gym,PureGym,2031-01-31'].join('\n');
    const asked = read('mine.csv', text);
    expect(asked).toEqual({
      ok: false,
      error: IMPORT_MESSAGES.chooseColumns,
      mapping: { headings: ['Thing', 'Who', 'When'], columns: {} },
    });
    const chosen = readImportFile('mine.csv', bytes(text), {
      columns: { title: 'Thing', provider: 'Who', renewal_date: 'When' },
    });
    expect(rowsOf(chosen)[0]!.reminder).toMatchObject({
      title: 'Gym',
      provider: 'PureGym',
      renewal_date: '2031-01-31',
    });
  });
});

describe('converting other currencies', () => {
  const wallos = JSON.stringify([
    { Name: 'Insurance', 'Payment Cycle': 'Yearly', 'Next Payment': '2031-06-01', Price: '€459.5' },
    { Name: 'Hosting', 'Payment Cycle': 'Yearly', 'Next Payment': '2031-06-01', Price: '$120' },
  ]);

  it('is off unless a rate is given: then that currency is converted at it, said on the row and in the notes', () => {
    const [euros, dollars] = rowsOf(readImportFile('w.json', bytes(wallos), { rates: { '€': 0.8 } }));
    expect(euros!.reminder).toMatchObject({
      amount: 367.6,
      notes: 'Price in the file: €459.50, converted at £0.8 each',
    });
    expect(euros!.warnings).toEqual([IMPORT_MESSAGES.converted('€459.50', '£367.60')]);
    expect(euros!.foreign_price).toBeNull();
    // No rate for dollars: still not in pounds.
    expect(dollars!.reminder).toMatchObject({ amount: null, notes: 'Price in the file: $120.00' });
    expect(dollars!.foreign_currency).toBe('$');
  });

  it('takes only a rate above 0, as typed', () => {
    expect(conversionRateSchema.safeParse('0.85').data).toBe(0.85);
    for (const bad of ['0', '-1', 'abc', '1e9']) {
      expect(conversionRateSchema.safeParse(bad).error?.issues[0]?.message).toBe(IMPORT_MESSAGES.rateInvalid);
    }
  });
});

describe('a file that cannot be imported', () => {
  it('is refused with the reason, whatever its rows', () => {
    const refused = (error: string) => ({ ok: false, error });
    expect(read('reminders.xlsx', HEADER)).toEqual(refused(IMPORT_MESSAGES.wrongType));
    expect(read('notes.txt', HEADER)).toEqual(refused(IMPORT_MESSAGES.wrongType));
    expect(readImportFile('big.csv', new Uint8Array(IMPORT_MAX_BYTES + 1).fill(65))).toEqual(
      refused(IMPORT_MESSAGES.tooLarge),
    );
    // Windows-1252 '£' and a UTF-16 file.
    expect(readImportFile('cp1252.csv', new Uint8Array([...bytes(`${HEADER}\nGas,`), 0xa3, 0x31]))).toEqual(
      refused(IMPORT_MESSAGES.wrongEncoding),
    );
    expect(readImportFile('utf16.csv', new Uint8Array([0xff, 0xfe, 0x54, 0x00, 0x69, 0x00]))).toEqual(
      refused(IMPORT_MESSAGES.wrongEncoding),
    );
    expect(read('nohead.csv', 'Home insurance,insurance,Aviva,2027-03-31')).toEqual(
      refused(IMPORT_MESSAGES.noHeader),
    );
    expect(read('empty.csv', '\uFEFF\r\n')).toEqual(refused(IMPORT_MESSAGES.empty));
    expect(read('header-only.csv', HEADER)).toEqual(refused(IMPORT_MESSAGES.empty));
    const line = 'Gas,utilities_energy,Octopus,2027-03-31,,,,,,';
    expect(read('many.csv', [HEADER, ...Array<string>(IMPORT_MAX_ROWS + 1).fill(line)].join('\n'))).toEqual(
      refused(IMPORT_MESSAGES.tooManyRows),
    );
    expect(
      rowsOf(read('max.csv', [HEADER, ...Array<string>(IMPORT_MAX_ROWS).fill(line)].join('\n'))),
    ).toHaveLength(IMPORT_MAX_ROWS);
  });
});

describe('duplicates and the toast', () => {
  it('matches title, provider and renewal date without case or spaces', () => {
    const a = { title: 'Home Insurance', provider: 'Aviva', renewal_date: '2027-03-31' };
    expect(duplicateKey({ title: ' home insurance', provider: 'AVIVA ', renewal_date: '2027-03-31' })).toBe(
      duplicateKey(a),
    );
    expect(duplicateKey({ ...a, renewal_date: '2028-03-31' })).not.toBe(duplicateKey(a));
  });

  it('tells each row’s fate as the API will: ready, refused, already there, or a repeat of an earlier row', () => {
    const rows = rowsOf(
      read(
        'mine.csv',
        [
          HEADER,
          'Car,insurance,Admiral,2027-03-31,,,,,,',
          'Home,insurance,Aviva,2027-04-30,,,,,,',
          ',insurance,Aviva,2027-04-30,,,,,,',
          'CAR ,insurance,admiral,2027-03-31,,,,,,',
        ].join('\n'),
      ),
    );
    const existing = [{ title: 'home', provider: 'AVIVA', renewal_date: '2027-04-30' }];
    expect(rowStatuses(rows, existing)).toEqual([
      { kind: 'ready' },
      { kind: 'duplicate' },
      { kind: 'error' },
      { kind: 'repeated', of: 2 },
    ]);
  });

  it('says what the import did', () => {
    expect(importedMessage({ imported: 12, skipped: 3 })).toBe('Imported 12 reminders, skipped 3 duplicates');
    expect(importedMessage({ imported: 1, skipped: 1 })).toBe('Imported 1 reminder, skipped 1 duplicate');
    expect(importedMessage({ imported: 5, skipped: 0 })).toBe('Imported 5 reminders');
  });
});
