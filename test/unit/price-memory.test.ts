/** Price memory: the renewal offer against what is paid now, said one way everywhere. */
import { describe, expect, it } from 'vitest';
import {
  changePercent,
  currentOffer,
  offerLine,
  termPrices,
  type OfferedReminder,
} from '../../shared/reminder/priceMemory.ts';

const home = (over: Partial<OfferedReminder> = {}): OfferedReminder => ({
  renewal_date: '2027-07-31',
  amount: 498.1,
  billing: 'yearly',
  renewal_offer: { price: 612.34, quote_id: 'q1', renewal_date: '2027-07-31' },
  ...over,
});

describe('offerLine', () => {
  it("says the offer and its rise on last year's price", () => {
    expect(offerLine(home())).toBe("Renewal offer £612.34/yr, up 23% on last year's £498.10/yr");
  });

  it('says a fall, no change, and a change under 1% in words', () => {
    const offer = (price: number) => ({ price, quote_id: 'q', renewal_date: '2027-07-31' });
    expect(offerLine(home({ renewal_offer: offer(448.29) }))).toBe(
      "Renewal offer £448.29/yr, down 10% on last year's £498.10/yr",
    );
    expect(offerLine(home({ renewal_offer: offer(498.1) }))).toBe(
      "Renewal offer £498.10/yr, the same as last year's £498.10/yr",
    );
    expect(offerLine(home({ renewal_offer: offer(499) }))).toBe(
      "Renewal offer £499.00/yr, up under 1% on last year's £498.10/yr",
    );
  });

  it('measures a monthly price against what is paid now', () => {
    const broadband = home({
      amount: 32,
      billing: 'monthly',
      renewal_offer: { price: 45, quote_id: 'q', renewal_date: '2027-07-31' },
    });
    expect(offerLine(broadband)).toBe('Renewal offer £45.00/month, up 41% on the £32.00/month you pay now');
  });

  it('says the offer alone without a price to compare, and nothing without an offer for this renewal', () => {
    expect(offerLine(home({ amount: null }))).toBe('Renewal offer £612.34/yr');
    expect(offerLine(home({ amount: 0 }))).toBe('Renewal offer £612.34/yr');
    expect(offerLine(home({ renewal_offer: null }))).toBeNull();
    // Noted for the renewal before: the reminder has moved on since.
    const stale = home({ renewal_date: '2028-07-31' });
    expect(currentOffer(stale)).toBeNull();
    expect(offerLine(stale)).toBeNull();
  });
});

describe('changePercent', () => {
  it('works in pence and rounds half away from zero', () => {
    expect(changePercent(100, 112.5)).toBe(13);
    expect(changePercent(100, 87.5)).toBe(-13);
    expect(changePercent(0.1 + 0.2, 0.3)).toBe(0);
    expect(changePercent(0, 10)).toBeNull();
  });
});

describe('termPrices', () => {
  it("says a term's three prices, '-' for what is not known", () => {
    expect(termPrices({ price: 498.1, offer_price: 612.34, new_price: 540 })).toEqual({
      paid: '£498.10',
      offered: '£612.34',
      agreed: '£540.00',
    });
    expect(termPrices({ price: null, offer_price: null, new_price: null })).toEqual({
      paid: '-',
      offered: '-',
      agreed: '-',
    });
  });
});
