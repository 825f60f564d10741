/**
 * Reading other import files: Wallos exports (samples written from their published format), a
 * spreadsheet with headings of its own, other currencies at a given rate; each bad file is refused
 * with its own message; duplicates are told apart as the API will, and the toast says what
 * happened.
 */
import { describe, expect, it } from 'vitest';
import {
  duplicateKey,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importedMessage,
  readImportFile,
  rowStatuses,
} from '../../shared/import.ts';
import { conversionRateSchema } from '../../shared/import/values.ts';
import { aReminderInput } from '../support/builders.ts';
import { bytes, HEADER, read, rowsOf } from '../support/import-files.ts';

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
