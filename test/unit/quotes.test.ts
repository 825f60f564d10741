/** The quote notebook's rules: the cheapest quote suggested, the saving per term, and the form's checks. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUOTE_MESSAGES, quoteFormSchema, quoteFormToInput, quoteInputSchema } from '../../shared/quotes.ts';
import { baselineOf, cheapestQuote, savingPerTerm } from '../../shared/reminder/quotes.ts';

const quote = (price: number, quoted_on = '2027-05-01', created_at = '2027-05-01T09:00:00.000Z') => ({
  price,
  quoted_on,
  created_at,
});

describe('cheapestQuote', () => {
  it('is undefined without quotes', () => {
    expect(cheapestQuote([])).toBeUndefined();
  });

  it('suggests the lowest price', () => {
    expect(cheapestQuote([quote(420), quote(365.5), quote(399)])?.price).toBe(365.5);
  });

  it('between equal prices, the later quote, then the one added first', () => {
    const older = quote(300, '2027-04-01');
    const newer = quote(300, '2027-05-10');
    expect(cheapestQuote([older, newer])).toBe(newer);
    const first = quote(300, '2027-05-10', '2027-05-10T08:00:00.000Z');
    const second = quote(300, '2027-05-10', '2027-05-10T09:00:00.000Z');
    expect(cheapestQuote([second, first])).toBe(first);
  });

  it('is one of the quotes, none cheaper, whatever their order', () => {
    const quotes = fc.array(
      fc.record({
        price: fc.integer({ min: 0, max: 100_000 }).map((p) => p / 100),
        quoted_on: fc.constantFrom('2027-01-01', '2027-02-01', '2027-03-01'),
        created_at: fc.constantFrom('2027-01-01T00:00:00Z', '2027-01-02T00:00:00Z'),
      }),
      { minLength: 1, maxLength: 20 },
    );
    fc.assert(
      fc.property(quotes, (list) => {
        const best = cheapestQuote(list)!;
        expect(list).toContain(best);
        expect(list.every((q) => q.price >= best.price)).toBe(true);
        expect(cheapestQuote([...list].reverse())).toEqual(best);
      }),
    );
  });
});

describe('savingPerTerm', () => {
  it('is the renewal price minus the price taken, to the penny', () => {
    expect(savingPerTerm(420, 365.5)).toBe(54.5);
    expect(savingPerTerm(10.99, 8.49)).toBe(2.5);
    expect(savingPerTerm(0.3, 0.1)).toBe(0.2);
  });

  it('is null when a price is unknown or nothing was saved', () => {
    expect(savingPerTerm(null, 10)).toBeNull();
    expect(savingPerTerm(10, null)).toBeNull();
    expect(savingPerTerm(10, 10)).toBeNull();
    expect(savingPerTerm(10, 12)).toBeNull();
    expect(savingPerTerm(10, Number.NaN)).toBeNull();
  });
});

describe('the renewal offer', () => {
  const quote = (price: number, renewal_offer: boolean, created_at: string) => ({
    price,
    renewal_offer,
    quoted_on: '2027-05-01',
    created_at,
  });
  it('is what a saving is measured against when noted, the latest marked; else what was paid', () => {
    const offer = quote(612.34, true, '2027-05-01T10:00:00Z');
    const revised = quote(590, true, '2027-05-02T10:00:00Z');
    const other = quote(450, false, '2027-05-01T11:00:00Z');
    expect(baselineOf(498.1, [other])).toEqual({ price: 498.1, source: 'last_price' });
    expect(baselineOf(498.1, [offer, other])).toEqual({ price: 612.34, source: 'renewal_offer' });
    expect(baselineOf(498.1, [revised, offer])).toEqual({ price: 590, source: 'renewal_offer' });
    expect(baselineOf(null, [])).toBeNull();
    // Measured against the offer, the switch saves more than against last year's price.
    expect(savingPerTerm(baselineOf(498.1, [offer, other])!.price, other.price)).toBe(162.34);
  });
  it('is never the cheapest quote suggested as a switch', () => {
    expect(cheapestQuote([quote(300, true, 'a'), quote(450, false, 'b')])?.price).toBe(450);
    expect(cheapestQuote([quote(300, true, 'a')])).toBeUndefined();
  });
});

describe('quote schemas', () => {
  const form = {
    provider: 'Aviva',
    price: '365.50',
    quoted_on: '2027-05-01',
    notes: '',
    renewal_offer: false,
  };

  it('turns the form into the API input', () => {
    expect(quoteFormToInput(quoteFormSchema.parse(form))).toEqual({
      provider: 'Aviva',
      price: 365.5,
      quoted_on: '2027-05-01',
      notes: null,
      renewal_offer: false,
    });
    expect(quoteFormToInput(quoteFormSchema.parse({ ...form, renewal_offer: true })).renewal_offer).toBe(
      true,
    );
  });

  it.each([
    [{ price: '' }, QUOTE_MESSAGES.priceRequired],
    [{ price: '1.234' }, QUOTE_MESSAGES.priceDecimals],
    [{ quoted_on: '' }, QUOTE_MESSAGES.dateRequired],
    [{ quoted_on: '2027-02-29' }, QUOTE_MESSAGES.dateInvalid],
  ])('refuses %o: %s', (change, message) => {
    const result = quoteFormSchema.safeParse({ ...form, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });

  it('takes whole pence only, allowing for binary fractions', () => {
    const body = { provider: 'Aviva', quoted_on: '2027-05-01' };
    expect(quoteInputSchema.safeParse({ ...body, price: 0.29 }).success).toBe(true);
    expect(quoteInputSchema.safeParse({ ...body, price: 1.005 }).success).toBe(false);
  });
});
