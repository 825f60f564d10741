import type { Category } from '#shared/categories.ts';

/**
 * One line per category: the UK rule that matters most when it renews. Each is sourced in
 * docs/uk-renewal-rules.md; change a line there first.
 */
export const UK_TIPS: Record<Category, string> = {
  mortgage:
    'Lenders usually let you secure a new deal up to six months before yours ends; after it ends you move to the standard variable rate.',
  insurance:
    'Your renewal notice must show last year’s premium, and a home or motor renewal cannot cost more than the same cover for a new customer (FCA).',
  credit_cards:
    'When a promotional rate ends, the card’s standard rate applies to what is left: check the date in your agreement and plan a balance transfer.',
  utilities_energy:
    'No exit fees in the last 49 days of a fixed tariff, and your supplier must tell you 42 to 49 days before it ends (Ofgem).',
  broadband_mobile:
    'Your provider must send an end-of-contract notice 10 to 40 days before your contract ends, with its best deals (Ofcom).',
  subscriptions: 'Cancel before the next billing date, or you pay for another period.',
  car_tax_mot:
    'You can get an MOT up to a month (minus a day) before it runs out and keep the same renewal date; driving without one can cost up to £1,000 (GOV.UK).',
};
