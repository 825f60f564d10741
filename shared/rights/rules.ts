/**
 * The UK rules a user can lean on when a contract renews, per category: each in our own words, who
 * sets it, its source, and the day it was last checked against that source (docs/uk-renewal-rules.md
 * says what was read for each). The reminder page's 'Your rights and what to say' lists them, the
 * reminder dialog's tip is each category's first rule, and the mails quote one (rights/mail.ts).
 * A rule changes here and in that page together. Pure data; each rule is its own constant, so a
 * bundle that needs one (a mail) carries only that one.
 */
import type { Category } from '../reminder/categories.ts';
import { LENDERS } from '../reminder/lenders.ts';
import {
  END_OF_CONTRACT_NOTICE_DAYS,
  END_OF_FIX_NOTICE_DAYS,
  NO_EXIT_FEE_DAYS,
  SOURCES,
} from '../reminder/windows.ts';
import { vehicleDateOf, type VehicleDate } from '../vehicles.ts';

export interface RightsRule {
  id: string;
  says: string;
  /** Who sets it, named after it in a tip or a mail ('FCA'); null for a card's or a provider's own terms. */
  by: string | null;
  source: { name: string; url: string };
  /** When it was last checked against its source, YYYY-MM-DD. */
  reviewed: string;
  /** A Car Tax / MOT rule that holds only for the car's MOT or only for its tax. */
  vehicle?: VehicleDate;
}

const REVIEWED = '2026-11-29';

export const INSURANCE_RENEWAL_PRICE: RightsRule = {
  id: 'insurance-renewal-price',
  says: 'A home or motor renewal price can be no higher than the price the same firm would give you as a new customer buying through the same channel, such as the same comparison site.',
  by: 'FCA',
  source: {
    name: 'FCA: general insurance pricing practices (PS21/5, amended by PS21/11), in force since 1 January 2022',
    url: 'https://www.fca.org.uk/publications/policy-statements/ps21-11-general-insurance-pricing-practices-amendments',
  },
  reviewed: REVIEWED,
};

const INSURANCE_AUTO_RENEWAL: RightsRule = {
  id: 'insurance-auto-renewal',
  says: 'You can turn off auto-renewal at any time, in any of the ways the firm sells new policies (online, if it sells online), without unnecessary questions. This covers all general insurance except private medical and pet insurance.',
  by: 'FCA',
  source: {
    name: 'FCA Handbook: ICOBS 6A.6, cancellation of automatic renewal',
    url: 'https://www.handbook.fca.org.uk/handbook/ICOBS/6A/6.html',
  },
  reviewed: REVIEWED,
};

const INSURANCE_RENEWAL_NOTICE: RightsRule = {
  id: 'insurance-renewal-notice',
  says: 'Your insurer must send your renewal notice in good time before the renewal, showing last year’s premium next to this year’s, so you can see the rise.',
  by: 'FCA',
  source: {
    name: 'FCA Handbook: ICOBS 6.5.1R, renewals',
    url: 'https://www.handbook.fca.org.uk/handbook/ICOBS/6/5.html',
  },
  reviewed: REVIEWED,
};

const BROADBAND_END_OF_CONTRACT: RightsRule = {
  id: 'broadband-end-of-contract',
  says: `Your provider must send an end-of-contract notice ${END_OF_CONTRACT_NOTICE_DAYS} to 40 days before your contract ends, with its best deals.`,
  by: 'Ofcom',
  source: SOURCES.ofcom,
  reviewed: REVIEWED,
};

export const BROADBAND_ONE_TOUCH_SWITCH: RightsRule = {
  id: 'broadband-one-touch-switch',
  says: 'To switch broadband or a landline, you contact only the new provider and it arranges the switch (One Touch Switch). You pay no notice charges for after the switch date.',
  by: 'Ofcom',
  source: {
    name: 'Ofcom’s One Touch Switch, live since 12 September 2024, as ISPreview reports it',
    url: 'https://www.ispreview.co.uk/index.php/2024/09/ofcom-launch-easier-one-touch-switching-for-uk-broadband-isps.html',
  },
  reviewed: REVIEWED,
};

const BROADBAND_PRICE_RISES: RightsRule = {
  id: 'broadband-price-rises',
  says: 'In a phone, broadband or pay TV contract taken out from 17 January 2025, any price rise must be set out in pounds and pence when you sign, not as inflation plus a percentage. Older contracts keep their own terms.',
  by: 'Ofcom',
  source: {
    name: 'Ofcom: Protecting consumers from uncertain and volatile inflation',
    url: 'https://www.ofcom.org.uk/phones-and-broadband/bills-and-charges/protecting-consumers-from-uncertain-and-volatile-inflation',
  },
  reviewed: REVIEWED,
};

const ENERGY_EXIT_FEES: RightsRule = {
  id: 'energy-exit-fees',
  says: `No exit fees in the last ${NO_EXIT_FEE_DAYS} days of a fixed tariff, and your supplier must tell you ${END_OF_FIX_NOTICE_DAYS} to ${NO_EXIT_FEE_DAYS} days before it ends.`,
  by: 'Ofgem',
  source: SOURCES.ofgem,
  reviewed: REVIEWED,
};

export const ENERGY_END_OF_FIX: RightsRule = {
  id: 'energy-end-of-fix',
  says: 'If you agree nothing new when a fix ends, your supplier must move you to its cheapest rolling tariff, which you can leave at any time without an exit fee.',
  by: 'Ofgem',
  source: {
    name: 'Child Poverty Action Group: Fuel Rights Handbook, on supply licence condition 22C.7',
    url: 'https://askcpag.org.uk/?id=-242566',
  },
  reviewed: REVIEWED,
};

/** The quarterly days the price cap changes, as MM-DD: energy scripts name the next one. */
export const PRICE_CAP_DAYS = ['01-01', '04-01', '07-01', '10-01'] as const;

const ENERGY_PRICE_CAP: RightsRule = {
  id: 'energy-price-cap',
  says: 'The price cap limits the unit rates and standing charges of standard variable tariffs, not your whole bill, and changes every three months: on 1 January, 1 April, 1 July and 1 October.',
  by: 'Ofgem',
  source: {
    name: 'Ofgem: the price cap updated quarterly (press release, 4 August 2022)',
    url: 'https://www.ofgem.gov.uk/press-release/ofgem-confirms-changes-price-cap-methodology-and-frequency-ahead-new-rate-be-announced-later-month',
  },
  reviewed: REVIEWED,
};

const months = LENDERS.map((l) => l.monthsAhead);
const MORTGAGE_LOCK_IN: RightsRule = {
  id: 'mortgage-lock-in',
  says: `Lenders usually let you lock in a new deal ${Math.min(...months)} to ${Math.max(...months)} months before yours ends; after it ends you move to the lender’s standard variable rate.`,
  by: null,
  source: SOURCES.lenders,
  reviewed: REVIEWED,
};

const MORTGAGE_TRANSFER_OR_REMORTGAGE: RightsRule = {
  id: 'mortgage-transfer-or-remortgage',
  says: 'A product transfer is a new deal from your own lender: quick, usually with no new affordability check, valuation or legal work. A remortgage moves the loan to another lender: sometimes a better rate, but with credit and affordability checks, a valuation and legal work, over some weeks.',
  by: null,
  source: {
    name: 'Kaeltripton: Product transfer vs remortgage (UK)',
    url: 'https://www.kaeltripton.com/compare/product-transfer-vs-remortgage-uk/',
  },
  reviewed: REVIEWED,
};

const MORTGAGE_CHARTER_SOURCE = {
  name: 'GOV.UK: the Mortgage Charter',
  url: 'https://www.gov.uk/government/publications/mortgage-charter',
};

export const MORTGAGE_CHARTER_SWITCH: RightsRule = {
  id: 'mortgage-charter-switch',
  says: 'If your payments are up to date, a lender that signed the Mortgage Charter lets you switch to a new deal with it when yours ends, without another affordability check.',
  by: null,
  source: MORTGAGE_CHARTER_SOURCE,
  reviewed: REVIEWED,
};

const MORTGAGE_CHARTER_OPTIONS: RightsRule = {
  id: 'mortgage-charter-options',
  says: 'Under the Charter you can also ask to pay interest only for six months, or to extend your term (and go back to the old term within six months), and a signed-up lender will not make you leave your home without your consent within a year of a first missed payment, save in exceptional circumstances.',
  by: null,
  source: MORTGAGE_CHARTER_SOURCE,
  reviewed: REVIEWED,
};

const CARD_PROMO_END: RightsRule = {
  id: 'card-promo-end',
  says: 'When a promotional rate ends, the card’s standard rate applies to what is left: check the date in your agreement and plan a balance transfer.',
  by: null,
  source: {
    name: 'MoneySavingExpert: Balance transfer credit cards',
    url: 'https://www.moneysavingexpert.com/credit-cards/balance-transfer-credit-cards/',
  },
  reviewed: REVIEWED,
};

export const CARD_BALANCE_TRANSFER: RightsRule = {
  id: 'card-balance-transfer',
  says: 'A balance transfer means applying for a new card, with a credit check and often a fee, and it cannot come from a card of the same bank or group. Many cards give the 0% only to transfers made within 60 or 90 days of opening.',
  by: null,
  source: CARD_PROMO_END.source,
  reviewed: REVIEWED,
};

const CARD_MISSED_PAYMENT: RightsRule = {
  id: 'card-missed-payment',
  says: 'Missing a payment can end a 0% deal early: paying at least the minimum by Direct Debit keeps it.',
  by: null,
  source: {
    name: 'Ocean Finance: Don’t miss out on 0% balance transfers by missing a payment',
    url: 'https://www.oceanfinance.co.uk/blog/dont-miss-out-on-0-balance-transfers-by-missing-a-payment-0-4749-0.htm',
  },
  reviewed: REVIEWED,
};

const SUBSCRIPTION_CANCEL: RightsRule = {
  id: 'subscription-cancel',
  says: 'Cancel before the next billing date, or you pay for another period.',
  by: null,
  source: {
    name: 'Citizens Advice: unwanted subscriptions (the Consumer Rights Act 2015 makes unfair terms unenforceable)',
    url: 'https://www.citizensadvice.org.uk/about-us/about-us1/media/press-releases/citizens-advice-reveals-consumers-spend-an-average-of-160-on-unwanted-subscriptions-during-national-consumer-week/',
  },
  reviewed: REVIEWED,
};

export const SUBSCRIPTION_CARD_PAYMENTS: RightsRule = {
  id: 'subscription-card-payments',
  says: 'If you pay by card, you can also stop the payments through your bank or card issuer: it must stop them, and refund any taken after you told it.',
  by: 'FCA',
  source: {
    name: 'FCA: Continuous payment authorities, your right to cancel',
    url: 'https://www.fca.org.uk/news/continuous-payment-authorities-your-right-to-cancel',
  },
  reviewed: REVIEWED,
};

/** Not in force when reviewed: it says so, and no other copy leans on it. */
const SUBSCRIPTION_NEW_RULES_LATER: RightsRule = {
  id: 'subscription-new-rules-later',
  says: 'New subscription rules in the Digital Markets, Competition and Consumers Act 2024 are not in force yet: the government’s latest announcement expects them from spring 2027, and they leave out insurance, energy and financial services.',
  by: null,
  source: {
    name: 'Reed Smith: DMCC subscription rules delayed to spring 2027',
    url: 'https://www.reedsmith.com/articles/dmcc-subscription-rules-delayed-to-spring-2027-key-takeaways-from-the-consultation-response/',
  },
  reviewed: REVIEWED,
};

const EARLY_MOT: RightsRule = {
  id: 'early-mot',
  says: 'You can get an MOT up to a month (minus a day) before it runs out and keep the same renewal date; driving without one can cost up to £1,000.',
  by: 'GOV.UK',
  source: SOURCES.mot,
  reviewed: REVIEWED,
  vehicle: 'mot',
};

const TAX_DIRECT_DEBIT: RightsRule = {
  id: 'tax-direct-debit',
  says: 'Vehicle tax paid by Direct Debit renews by itself when it runs out: taxing the car again would charge you twice. Otherwise tax it on GOV.UK with the reference on your V11 reminder or your log book (V5C).',
  by: 'GOV.UK',
  source: {
    name: 'GOV.UK: Vehicle tax Direct Debit payments, renewing your vehicle tax',
    url: 'https://www.gov.uk/vehicle-tax-direct-debit/renewing',
  },
  reviewed: REVIEWED,
  vehicle: 'tax',
};

/** Each category's rules, the one that matters most first (the reminder dialog's tip). */
export const RIGHTS: Record<Category, readonly RightsRule[]> = {
  insurance: [INSURANCE_RENEWAL_PRICE, INSURANCE_AUTO_RENEWAL, INSURANCE_RENEWAL_NOTICE],
  broadband_mobile: [BROADBAND_END_OF_CONTRACT, BROADBAND_ONE_TOUCH_SWITCH, BROADBAND_PRICE_RISES],
  utilities_energy: [ENERGY_EXIT_FEES, ENERGY_END_OF_FIX, ENERGY_PRICE_CAP],
  mortgage: [
    MORTGAGE_LOCK_IN,
    MORTGAGE_TRANSFER_OR_REMORTGAGE,
    MORTGAGE_CHARTER_SWITCH,
    MORTGAGE_CHARTER_OPTIONS,
  ],
  credit_cards: [CARD_PROMO_END, CARD_BALANCE_TRANSFER, CARD_MISSED_PAYMENT],
  subscriptions: [SUBSCRIPTION_CANCEL, SUBSCRIPTION_CARD_PAYMENTS, SUBSCRIPTION_NEW_RULES_LATER],
  car_tax_mot: [EARLY_MOT, TAX_DIRECT_DEBIT],
};

/**
 * The rules of a reminder: its category's, and of a car's, those of its MOT or its tax when the
 * reminder says which (both when it does not).
 */
export function rulesFor(reminder: Parameters<typeof vehicleDateOf>[0]): readonly RightsRule[] {
  const vehicle = vehicleDateOf(reminder);
  return RIGHTS[reminder.category].filter((r) => !r.vehicle || !vehicle || r.vehicle === vehicle);
}

/** The rule said with who sets it: '… before it ends (Ofgem).' */
export const withWho = (rule: RightsRule): string =>
  rule.by ? `${rule.says.replace(/\.$/, '')} (${rule.by}).` : rule.says;
