/**
 * Other trackers' exports, in files written exactly as each version's own code writes them
 * (test/support/import-samples, one per version that changed the format): every row's mapping is
 * asserted, and each awkward case the trackers produce (escaped names, other currencies, intervals
 * written twice, cancellation dates after the renewal, exports with no cycle).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, readImportFile, type ReadOptions } from '../../shared/import.ts';
import { MESSAGES } from '../../shared/schemas/fields.ts';
import { NEW_REMINDER_DEFAULTS } from '../support/builders.ts';
import { rowsOf } from '../support/import-files.ts';

const sample = (name: string, options?: ReadOptions) =>
  readImportFile(name, readFileSync(new URL(`../support/import-samples/${name}`, import.meta.url)), options);

/** The reminder a row saves, with only what differs from a subscription's defaults spelt out. */
const saved = (fields: Record<string, unknown>) => ({
  category: 'subscriptions',
  amount: null,
  notes: null,
  ...NEW_REMINDER_DEFAULTS,
  ...fields,
  // A tracker's cycle is how it is paid, with no end date: a rolling payment.
  ...(fields.repeats ? { billing: fields.repeats, date_kind: 'next_payment', ask_deal_end: false } : {}),
  provider: fields.title,
});

describe('Wallos 2.41 and later (Payment Cycle)', () => {
  // The JSON export and the CSV the settings page writes from it hold the same entries.
  for (const name of ['wallos-v2.41.json', 'wallos-v2.41.csv']) {
    it(`maps every row of ${name}`, () => {
      const file = sample(name);
      expect(file.ok && file.format).toBe('wallos');
      const rows = rowsOf(file);
      const first = name.endsWith('.csv') ? 2 : 1;
      expect(rows.map((r) => r.row)).toEqual(rows.map((_, i) => i + first));
      const [netflix, ms, oneill, gym, water, vpn, free, seznam, swiss, spotify, hetzner] = rows;

      expect(netflix!.reminder).toEqual(
        saved({
          title: 'Netflix',
          renewal_date: '2031-01-15',
          amount: 15.99,
          notes: 'Family plan',
          repeats: 'monthly',
          auto_renew: true,
        }),
      );
      // Entities decoded; a price in euros never becomes pounds: no amount, the price kept in the notes.
      expect(ms!.reminder).toEqual(
        saved({
          title: 'M&S Home Insurance',
          category: 'insurance',
          renewal_date: '2031-06-01',
          notes: 'Policy "Plus"\nPrice in the file: €459.50',
          repeats: 'yearly',
          act_by: '2031-05-20',
        }),
      );
      expect(ms!).toMatchObject({
        foreign_price: '€459.50',
        amount: null,
        warnings: [IMPORT_MESSAGES.notInPounds('€459.50')],
        renewal_date: '01/06/2031',
        act_by: '20/05/2031',
      });
      // A cancellation date after the next payment: kept in the notes, with a warning, not refused.
      expect(oneill!.reminder).toEqual(
        saved({
          title: "O'Neill Broadband",
          category: 'broadband_mobile',
          renewal_date: '2031-03-01',
          notes: 'Cancellation date in Wallos: 01/09/2031\nPrice in the file: ¥1200.00',
          repeats: 'half_yearly',
          auto_renew: true,
        }),
      );
      expect(oneill!.warnings).toEqual([
        IMPORT_MESSAGES.cancellationAfterRenewal('01/09/2031'),
        IMPORT_MESSAGES.notInPounds('¥1200.00'),
      ]);
      expect(gym!.errors).toEqual([IMPORT_MESSAGES.cycleUnsupported('Weekly')]);
      // Every 4 months falls between our terms: the nearer (3 months), said on the row.
      expect(water!.reminder).toEqual(
        saved({
          title: 'Thames Water',
          category: 'utilities_energy',
          renewal_date: '2031-02-01',
          amount: 150,
          repeats: 'quarterly',
          auto_renew: true,
        }),
      );
      expect(water!.warnings).toEqual([IMPORT_MESSAGES.cycleRounded('Every 4 Months', 'Every 3 months')]);
      expect(vpn!.errors).toEqual([IMPORT_MESSAGES.inactive('Wallos')]);
      // $0 is a price never filled in: no amount, and nothing to say about its currency.
      expect(free!.reminder).toEqual(
        saved({ title: 'Free tier', renewal_date: '2031-01-20', repeats: 'monthly', auto_renew: true }),
      );
      expect(free!.warnings).toEqual([]);
      expect(seznam!.reminder).toEqual(
        saved({
          title: 'Seznam',
          renewal_date: '2032-04-01',
          notes: 'Price in the file: Kč249.00',
          repeats: 'two_yearly',
        }),
      );
      expect(swiss!.reminder).toMatchObject({
        category: 'broadband_mobile',
        repeats: 'quarterly',
        amount: null,
        notes: 'Price in the file: CHF 29.90',
      });
      expect(spotify!.reminder).toMatchObject({ amount: null, notes: 'Price in the file: kr119.00' });
      expect(hetzner!.reminder).toMatchObject({ amount: null, notes: 'Price in the file: $120.00' });
      expect(hetzner!.foreign_price).toBe('$120.00');
    });
  }
});

describe('Wallos before 2.41 (no Payment Cycle)', () => {
  it('asks for the term rather than calling every row yearly, then applies the one chosen to all', () => {
    const rows = rowsOf(sample('wallos-v2.38.json'));
    for (const row of rows) {
      expect(row.reminder).toBeNull();
      expect(row.billing_unknown).toBe(true);
      expect(row.errors).toEqual([IMPORT_MESSAGES.billingUnknown]);
    }
    const chosen = rowsOf(sample('wallos-v2.38.json', { billing: 'monthly' }));
    expect(chosen.map((r) => r.reminder)).toEqual([
      saved({ title: 'Gym', renewal_date: '2031-01-08', amount: 30, repeats: 'monthly', auto_renew: true }),
      saved({
        title: 'Netflix',
        renewal_date: '2031-01-15',
        amount: 15.99,
        repeats: 'monthly',
        auto_renew: true,
      }),
      saved({
        title: 'Car insurance',
        category: 'insurance',
        renewal_date: '2031-03-01',
        amount: 420,
        repeats: 'monthly',
        act_by: '2031-02-15',
      }),
    ]);
  });

  it('reads the "Categpry" spelling, with no Active or Renewal field, before 2.23', () => {
    const [vodafone, disabled] = rowsOf(sample('wallos-v2.22.json', { billing: 'yearly' }));
    expect(vodafone!.reminder).toEqual(
      saved({
        title: 'Vodafone',
        category: 'broadband_mobile',
        renewal_date: '2031-05-01',
        amount: 25,
        repeats: 'yearly',
      }),
    );
    expect(disabled!.errors).toEqual([IMPORT_MESSAGES.inactive('Wallos')]);
  });

  it('refuses a CSV row that a note with a line break split in two', () => {
    const csv = [
      'Name,Next Payment,Category,Payment Method,Paid By,Price,Notes,URL,State,Notifications,Cancellation Date,Active',
      'Gym,2031-01-08,Health,Visa,Alice,£30,first line',
      'second line,,Enabled,Enabled,,Yes',
    ].join('\n');
    const rows = rowsOf(
      readImportFile('subscriptions.csv', new TextEncoder().encode(csv), { billing: 'monthly' }),
    );
    expect(rows.map((r) => r.errors.includes(IMPORT_MESSAGES.wrongCellCount))).toEqual([true, true]);
  });
});

describe('SubTrackr 0.5.9 (Schedule already says the interval, and Schedule Interval repeats it)', () => {
  it('maps every row: the interval is not multiplied twice', () => {
    const file = sample('subtrackr-v0.5.9.csv');
    expect(file.ok && file.format).toBe('subtrackr');
    const [car, domain, boiler, octopus, sky, annual, paper, cleaner, spotify, gym, trial] = rowsOf(file);
    const at = (fields: Record<string, unknown>) => saved({ renewal_date: '2031-03-01', ...fields });
    expect(car!.reminder).toEqual(
      at({ title: 'Car insurance', category: 'insurance', amount: 420, repeats: 'half_yearly' }),
    );
    expect(domain!.reminder).toEqual(
      at({ title: 'Domain', renewal_date: '2032-06-01', amount: 24, repeats: 'two_yearly' }),
    );
    expect(boiler!.reminder).toEqual(
      at({ title: 'Boiler cover', category: 'utilities_energy', amount: 60, repeats: 'half_yearly' }),
    );
    expect(octopus!.reminder).toEqual(
      at({
        title: 'Octopus Energy',
        category: 'utilities_energy',
        amount: 210,
        notes: 'Fixed tariff, ends in March',
        repeats: 'quarterly',
      }),
    );
    expect(sky!.reminder).toEqual(
      at({
        title: 'Sky Broadband',
        category: 'broadband_mobile',
        amount: 35,
        repeats: 'monthly',
        act_by: '2031-02-15',
      }),
    );
    expect(annual!.reminder).toEqual(
      at({ title: 'Annual plan', notes: 'Price in the file: €99.00', repeats: 'yearly' }),
    );
    expect(annual!.warnings).toEqual([IMPORT_MESSAGES.notInPounds('€99.00')]);
    expect(paper!.errors).toEqual([IMPORT_MESSAGES.cycleUnsupported('Weekly')]);
    expect(cleaner!.errors).toEqual([IMPORT_MESSAGES.cycleUnsupported('Every 2 Weeks')]);
    expect(spotify!.errors).toEqual([IMPORT_MESSAGES.inactive('SubTrackr')]);
    // Paused and Trial subscriptions are still contracts: imported.
    expect(gym!.reminder).toEqual(at({ title: 'Gym', amount: 30, repeats: 'quarterly' }));
    expect(gym!.warnings).toEqual([IMPORT_MESSAGES.cycleRounded('Every 4 Months', 'Every 3 months')]);
    expect(trial!.reminder).toEqual(at({ title: 'Trial app', repeats: 'monthly' }));
  });
});

describe('SubTrackr 0.5.7 and 0.5.8 (Currency, no Schedule Interval)', () => {
  it('maps every row', () => {
    const [car, octopus, netflix, paper] = rowsOf(sample('subtrackr-v0.5.7.csv'));
    const at = (fields: Record<string, unknown>) => saved({ renewal_date: '2031-03-01', ...fields });
    expect(car!.reminder).toEqual(
      at({ title: 'Car insurance', category: 'insurance', amount: 420, repeats: 'yearly' }),
    );
    expect(octopus!.reminder).toEqual(
      at({ title: 'Octopus Energy', category: 'utilities_energy', amount: 210, repeats: 'quarterly' }),
    );
    expect(netflix!.reminder).toEqual(
      at({ title: 'Netflix', notes: 'Price in the file: US$15.99', repeats: 'monthly' }),
    );
    expect(paper!.errors).toEqual([IMPORT_MESSAGES.cycleUnsupported('Daily')]);
  });
});

describe('SubTrackr up to 0.5.6 (no Currency)', () => {
  it('maps every row, saying the currency is not in the file', () => {
    const [sky, spotify, carTax] = rowsOf(sample('subtrackr-v0.5.6.csv'));
    expect(sky!.reminder).toEqual(
      saved({
        title: 'Sky Broadband',
        category: 'broadband_mobile',
        renewal_date: '2031-01-01',
        amount: 35,
        notes: 'Fibre 500',
        repeats: 'yearly',
        act_by: '2030-12-01',
      }),
    );
    expect(sky!.warnings).toEqual([IMPORT_MESSAGES.currencyUnknown]);
    expect(spotify!.errors).toEqual([IMPORT_MESSAGES.inactive('SubTrackr')]);
    expect(carTax!.reminder).toEqual(
      saved({
        title: 'Car tax',
        category: 'car_tax_mot',
        renewal_date: '2031-03-01',
        amount: 190,
        notes: 'Cancellation date in SubTrackr: 01/06/2031',
        repeats: 'yearly',
      }),
    );
  });
});

describe('row problems stay on their row', () => {
  it('refuses an amount over the limit on that row only, and speaks the UK date format', () => {
    const csv = [
      'Title,Category,Provider,Renewal date,Amount',
      'Mansion,mortgage,Big Bank,31/03/2031,£200000000',
      'Gas,utilities_energy,Octopus,31/02/2031,90',
      'Water,utilities_energy,Thames,2031-04-01,30',
    ].join('\n');
    const [mansion, gas, water] = rowsOf(readImportFile('r.csv', new TextEncoder().encode(csv)));
    expect(mansion!.errors).toEqual([MESSAGES.amountTooLarge]);
    expect(gas!.renewal_date).toBe('31/02/2031');
    expect(gas!.errors).toEqual([IMPORT_MESSAGES.renewalDateInvalid]);
    expect(water!.reminder).not.toBeNull();
  });
});
