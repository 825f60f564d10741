/**
 * The UK rules kit (shared/rights/): every category's rules have a source and a review date, and its
 * scripts and messages fill in with the reminder's provider, date in words, price and quotes, with a
 * bracketed prompt where a value is unknown, never 'null', 'undefined' or '£NaN'.
 */
import { describe, expect, it } from 'vitest';
import { CATEGORY_VALUES, type Category } from '../../shared/reminder/categories.ts';
import { formatLongUkDate } from '../../shared/dates.ts';
import { DEFAULT_CONTRACT } from '../../shared/reminder/contract.ts';
import { amountWithPeriod } from '../../shared/reminder/money.ts';
import { isRealDate } from '../../shared/reminder/realDate.ts';
import { nextPriceCapChange, type ScriptQuote, type ScriptReminder } from '../../shared/rights/facts.ts';
import { RIGHTS, rulesFor, withWho } from '../../shared/rights/rules.ts';
import { whatToSay, type MessageKind } from '../../shared/rights/scripts.ts';

const reminder = (category: Category, over: Partial<ScriptReminder> = {}): ScriptReminder => ({
  title: 'Home broadband',
  provider: 'Acme',
  category,
  renewal_date: '2030-05-15',
  amount: 1234.5,
  ...DEFAULT_CONTRACT[category],
  kept_vehicle: null,
  vehicle_date: null,
  ...over,
});

const quote = (provider: string, price: number, renewal_offer = false, day = '01'): ScriptQuote => ({
  provider,
  price,
  renewal_offer,
  quoted_on: `2030-04-${day}`,
  created_at: `2030-04-${day}T09:00:00.000Z`,
});
const QUOTES = [quote('Admiral', 980), quote('Acme', 1400, true), quote('Acme', 1450, true, '02')];

/** Every piece of text the kit shows or saves for a reminder. */
function allText(r: ScriptReminder, quotes: readonly ScriptQuote[]) {
  const said = whatToSay(r, quotes);
  return [said.script, said.aside ?? '', ...said.messages.flatMap((m) => [m.title, m.note ?? '', m.text])];
}

/** Anything a fill can leak: a missing value's name, a number that is not one, a template's braces. */
const LEAK = /\bnull\b|\bundefined\b|NaN|Infinity|\[object|Invalid|[{}$]/;
/** Pounds as the product writes them: £1,234.50, never £1234.5. */
const POUNDS = /£(?!\d{1,3}(,\d{3})*\.\d{2}\b)/;

const KINDS: Record<Category, MessageKind[]> = {
  insurance: ['new_customer_price', 'cancel_auto_renewal', 'retention_offer'],
  broadband_mobile: ['give_notice', 'retention_offer'],
  utilities_energy: ['retention_offer'],
  mortgage: ['retention_offer'],
  credit_cards: ['retention_offer'],
  subscriptions: ['give_notice', 'retention_offer'],
  car_tax_mot: [],
};

describe.each(CATEGORY_VALUES)('the %s kit', (category) => {
  const variants: [string, ScriptReminder, ScriptQuote[]][] = [
    ['all known, with quotes', reminder(category), QUOTES],
    ['no price, provider or quotes', reminder(category, { amount: null, provider: '  ' }), []],
    ['a car’s tax', reminder(category, { vehicle_date: 'tax' }), []],
  ];

  it.each(variants)('fills in with no leak, the date in words and pounds formatted: %s', (_, r, quotes) => {
    for (const text of allText(r, quotes)) {
      expect(text).not.toMatch(LEAK);
      expect(text).not.toMatch(POUNDS);
    }
    const said = whatToSay(r, quotes);
    for (const text of [said.script, ...said.messages.map((m) => m.text)])
      expect(text).toContain(formatLongUkDate(r.renewal_date));
    for (const m of said.messages) {
      expect(m.filename).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.txt$/);
      expect(m.text).toMatch(/^To: .+\n/);
      expect(m.text).toContain('[your name]');
    }
  });

  it('offers the messages that fit the category, each once', () => {
    expect(whatToSay(reminder(category), []).messages.map((m) => m.kind)).toStrictEqual(KINDS[category]);
  });

  it('names the provider, or asks for it', () => {
    for (const m of whatToSay(reminder(category), []).messages) expect(m.text).toContain('Dear Acme,');
    for (const m of whatToSay(reminder(category, { provider: '' }), []).messages)
      expect(m.text).toContain('Dear [your provider],');
  });

  it('has rules, each with an https source, a real review date and an id of its own', () => {
    expect(RIGHTS[category].length).toBeGreaterThan(0);
    for (const rule of RIGHTS[category]) {
      expect(rule.source.url).toMatch(/^https:\/\/[^\s]+$/);
      expect(rule.source.name.length).toBeGreaterThan(3);
      expect(isRealDate(rule.reviewed), rule.id).toBe(true);
      expect(rule.says).toMatch(/^[A-Z].*\.$/);
    }
  });
});

describe('the filled facts', () => {
  it('say what is paid with its period, the renewal offer (the latest) and the cheapest other quote', () => {
    const text = allText(reminder('insurance'), QUOTES).join('\n');
    expect(text).toContain('the renewal price is £1,450.00/yr');
    expect(text).toContain('I have a quote from Admiral at £980.00/yr');
    const broadband = allText(reminder('broadband_mobile'), QUOTES).join('\n');
    expect(broadband).toContain(`I pay ${amountWithPeriod(1234.5, 'monthly')}`);
  });

  it('ask for what is not known, in brackets', () => {
    const insurance = allText(reminder('insurance', { amount: null }), []).join('\n');
    expect(insurance).toContain('[the price in your renewal notice]');
    expect(insurance).toContain('[the price of your best quote] from [the insurer]');
    expect(insurance).toContain('[your policy number]');
    expect(insurance).not.toContain('£');
    const broadband = allText(reminder('broadband_mobile', { amount: null }), []).join('\n');
    expect(broadband).toContain('I pay [what you pay now]');
  });

  it('give a car’s MOT its first day to keep the date, and its tax no call', () => {
    const mot = whatToSay(reminder('car_tax_mot', { renewal_date: '2030-05-15', vehicle_date: 'mot' }), []);
    expect(mot.script).toContain('a test on or after Tuesday 16 April 2030, to keep the same renewal date');
    expect(mot.script).toContain('[your registration]');
    const kept = { registration: 'AB12CDE', follows: 'mot' as const };
    expect(whatToSay(reminder('car_tax_mot', { kept_vehicle: kept }), []).script).toContain('AB12CDE');
    const tax = whatToSay(reminder('car_tax_mot', { vehicle_date: 'tax' }), []);
    expect(tax.script).toMatch(/^No call needed: tax the car/);
    expect(rulesFor(reminder('car_tax_mot', { vehicle_date: 'tax' })).map((r) => r.id)).toStrictEqual([
      'tax-direct-debit',
    ]);
    expect(rulesFor(reminder('car_tax_mot')).length).toBe(RIGHTS.car_tax_mot.length);
  });

  it('name the next price cap change, a quarter’s first day on or after the date', () => {
    expect(nextPriceCapChange('2027-02-10')).toBe('2027-04-01');
    expect(nextPriceCapChange('2027-04-01')).toBe('2027-04-01');
    expect(nextPriceCapChange('2027-10-02')).toBe('2028-01-01');
    expect(whatToSay(reminder('utilities_energy'), []).aside).toContain('Monday 1 July 2030');
  });
});

describe('the rules', () => {
  it('have ids unique across categories', () => {
    const ids = Object.values(RIGHTS).flatMap((rules) => rules.map((r) => r.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('name who sets a rule once, after it', () => {
    expect(withWho(RIGHTS.utilities_energy[0]!)).toBe(
      'No exit fees in the last 49 days of a fixed tariff, and your supplier must tell you 42 to 49 days before it ends (Ofgem).',
    );
    expect(withWho(RIGHTS.subscriptions[0]!)).toBe(RIGHTS.subscriptions[0]!.says);
  });

  it('never lean on the subscription rules of the DMCC Act, which say they are not in force yet', () => {
    const mentions = Object.values(RIGHTS)
      .flat()
      .filter((r) => /Digital Markets|DMCC/.test(r.says));
    expect(mentions.map((r) => r.id)).toStrictEqual(['subscription-new-rules-later']);
    expect(mentions[0]!.says).toContain('not in force yet');
    for (const category of CATEGORY_VALUES)
      expect(allText(reminder(category), QUOTES).join(' ')).not.toMatch(/Digital Markets|DMCC/);
  });
});
