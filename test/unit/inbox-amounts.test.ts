/**
 * The inbox's price per payment, how it is paid and what it was before, each read by its nearest
 * words; the provider by its sending domain or its name; the category by the words a letter uses.
 */
import { describe, expect, it } from 'vitest';
import { extractRenewal } from '../../lambdas/features/inbox/extract/index.ts';
import { EMPTY_ORIGIN, type Origin } from '../../lambdas/features/inbox/document.ts';
import { toLines } from '../../lambdas/features/inbox/lines.ts';
import { providerOfAddress } from '../../lambdas/features/inbox/extract/providers.ts';
import { inboxFieldsSchema } from '../../shared/inbox/fields.ts';

const fieldsOf = (text: string, origin: Partial<Origin> = {}, accountAddress?: string) =>
  extractRenewal(
    {
      kind: 'mail',
      lines: toLines(text),
      origin: { ...EMPTY_ORIGIN, ...origin },
      sender: 'me@example.org',
      subject: null,
    },
    { today: '2026-11-28', accountAddress },
  );
const priceOf = (text: string) => {
  const f = fieldsOf(text);
  return [f.amount, f.repeats, f.previous_amount];
};

describe('prices', () => {
  it.each([
    [
      'Your car insurance renewal premium: £642.18 a year. Last year’s premium: £498.20',
      [642.18, 'yearly', 498.2],
    ],
    [
      'Your home insurance\nThis year’s premium £418.62\nLast year’s premium £372.05',
      [418.62, 'yearly', 372.05],
    ],
    [
      'Pet insurance\nYour new price: £38.17 a month by Direct Debit (£458.04 a year).\nLast year you paid £31.02 a month.',
      [38.17, 'monthly', 31.02],
    ],
    ['Your broadband price will go up from £52.50 to £56.50 a month.', [56.5, 'monthly', 52.5]],
    ['Your subscription fee will increase to £74 per month from £69 per month.', [74, 'monthly', 69]],
    [
      'Your energy cost would be £1,780.22, compared with £1,611.08 a year on your current tariff.',
      [1780.22, 'yearly', 1611.08],
    ],
    [
      'Your current broadband Direct Debit is £32.99 a month. After your contract ends your price will be £45.00 a month.',
      [45, 'monthly', 32.99],
    ],
    ['Your broadband contract ends soon. You pay £34.99 a month now.', [null, 'monthly', 34.99]],
    ['Vehicle tax rates\n12 months: £195.00\n6 months: £107.25', [195, 'yearly', null]],
    [
      'Your annual Amazon Prime membership will renew on 12 February 2027 and we’ll charge £95.00.',
      [95, 'yearly', null],
    ],
    ['Your Netflix Standard plan will be £12.99/month (currently £10.99/month).', [12.99, 'monthly', 10.99]],
  ])('%s', (text, expected) => {
    expect(priceOf(text)).toEqual(expected);
  });

  it.each([
    ['an excess and a cover limit', 'Car insurance excess: £350. Cover up to £1,000,000. Legal cover £100k.'],
    ['a rise in pounds', 'Your car insurance premium has gone up by £46.57.'],
    [
      'a price per day or per kWh',
      'Your energy standing charge is £0.53 per day and the unit rate £0.24 per kWh.',
    ],
    [
      'a balance and a minimum payment',
      'Your credit card balance is £2,340.18 and your minimum payment is £58.50.',
    ],
    ['a saving and a voucher', 'You saved £31.60 on your car insurance. Refer a friend for a £25 voucher.'],
    ['an add-on', 'Car insurance: why not add Motor Legal Protection for just £24.99?'],
    ['a quote for something else', 'Your home insurance quote: £189.20 a year.'],
    [
      'a list of other deals',
      'Your broadband contract ends.\nOur best deals for you:\nFull Fibre 500: £39.99 a month\nFull Fibre 900: £49.99 a month',
    ],
    ['table columns of two tariffs', 'Energy tariffs\nEstimated yearly cost £1,103.20 £1,207.44'],
    ['a maximum fee', 'Your MOT is due. The maximum fee for a car MOT is £54.85.'],
    ['dollars', 'Your subscription renews at $9.99 a month.'],
    [
      'a one-off fee where nothing renews',
      'Appointment confirmed. Consultation fee £45.00, payable on the day.',
    ],
  ])('no price: %s', (_, text) => {
    expect(fieldsOf(text).amount).toBeNull();
  });

  it('gives no price when the strongest readings disagree', () => {
    expect(priceOf('Broadband\nYour new price: £45 a month.\nYour new price: £48 a month.')).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('prefers the payment the user makes: a monthly payer’s instalment, else the year’s premium', () => {
    const both = 'Your car insurance premium is £612.40.\nYour monthly instalments are £60.19.';
    expect(priceOf(both)).toEqual([612.4, 'yearly', null]);
    expect(priceOf(`${both}\nYou pay by monthly Direct Debit.`)).toEqual([60.19, 'monthly', null]);
  });
});

describe('providers', () => {
  it('knows a provider by its sending domain and subdomains, never by a personal mail service', () => {
    expect(providerOfAddress('renewals@email.admiral.com')?.name).toBe('Admiral');
    expect(providerOfAddress('a@mail.lv.com')?.name).toBe('LV=');
    expect(providerOfAddress('a@lv.com.evil.example')).toBeNull();
    expect(providerOfAddress('partner@gmail.com')).toBeNull();
    expect(fieldsOf('Your policy renews on 1 March 2027.', { address: 'x@email.aviva.co.uk' }).provider).toBe(
      'Aviva',
    );
  });

  it('counts names in the text, not an underwriter, a regulator or a comparison site', () => {
    const text =
      'Your Direct Line car insurance renews on 1 March 2027.\nDirect Line is a trading name of U K Insurance Limited, underwritten by Aviva.\nCompare on Compare the Market. Regulated by the Financial Conduct Authority.';
    expect(fieldsOf(text).provider).toBe('Direct Line');
  });

  it('takes a name that is also a word only in its own capitals', () => {
    expect(fieldsOf('Our three best tips for the sky and a halifax of words.').provider).toBeNull();
    expect(fieldsOf('Your Three UK contract ends on 22 February 2027.').provider).toBe('Three');
    expect(fieldsOf('Your EE broadband contract ends on 19 January 2027.').provider).toBe('EE');
  });

  it('gives none when two providers are named as often', () => {
    expect(fieldsOf('Switching from British Gas to Octopus Energy.').provider).toBeNull();
  });

  it("takes an unknown company's display name, but never the user's own or a generic one", () => {
    const origin = { address: 'billing@nimbuscloud.io', name: 'Nimbus Cloud' };
    expect(fieldsOf('Your subscription renews soon.', origin).provider).toBe('Nimbus Cloud');
    expect(fieldsOf('Your subscription renews soon.', origin, 'Billing@NimbusCloud.io').provider).toBeNull();
    expect(
      fieldsOf('Your subscription renews soon.', {
        address: 'no-reply@acme.example',
        name: 'Customer Services',
      }).provider,
    ).toBeNull();
    expect(
      fieldsOf('Your subscription renews soon.', { address: 'sam@gmail.com', name: 'Sam Jones' }).provider,
    ).toBeNull();
  });

  it('gives no provider for mail from a comparison site, whatever insurers it names', () => {
    const text = 'Cheapest quote: Aviva £189.20. Also Aviva £201.00 and LV= £215.00.';
    expect(
      fieldsOf(text, { address: 'hello@comparethemarket.com', name: 'Compare the Market' }).provider,
    ).toBeNull();
  });
});

describe('categories', () => {
  it.each([
    ['Your car insurance renews on 1 March 2027', 'insurance'],
    ['Your fixed rate mortgage product ends; you will move to our standard variable rate', 'mortgage'],
    ['Your 0% balance transfer rate on your credit card ends', 'credit_cards'],
    ['Your fixed energy tariff ends. Unit rate 24p per kWh', 'utilities_energy'],
    ['Your broadband contract ends. Fibre 100', 'broadband_mobile'],
    ['Your subscription will renew. Cancel anytime.', 'subscriptions'],
    ['Vehicle tax reminder from the DVLA', 'car_tax_mot'],
    ['Your MOT is due', 'car_tax_mot'],
  ])('%s', (text, category) => {
    expect(fieldsOf(text).category).toBe(category);
  });

  it('gives none when the words are few or evenly split, unless the provider sells in one of them', () => {
    expect(fieldsOf('Hello, thanks for being with us.').category).toBeNull();
    expect(fieldsOf('Broadband, energy.').category).toBeNull();
    expect(fieldsOf('Hello from us.', { address: 'a@petplan.co.uk' }).category).toBe('insurance');
  });
});

describe('the fields', () => {
  it('always fit the shared schema, with a source line for each field found', () => {
    const fields = fieldsOf(
      'Your Admiral car insurance renews on 14 March 2027.\nRenewal premium: £642.18 a year. Last year’s premium: £498.20',
    );
    expect(inboxFieldsSchema.parse(fields)).toEqual(fields);
    expect(Object.keys(fields.sources).sort()).toEqual(
      ['amount', 'category', 'date_kind', 'previous_amount', 'provider', 'renewal_date', 'repeats'].sort(),
    );
    expect(inboxFieldsSchema.safeParse({ ...fields, category: 'pets' }).success).toBe(false);
    expect(inboxFieldsSchema.safeParse({ ...fields, renewal_date: '2027-02-30' }).success).toBe(false);
  });
});
